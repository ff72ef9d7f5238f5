// nginx for the proxy test: the site file docs/deploy.md shows (deploy/nginx.conf) rendered with this run's ports,
// inside a main configuration of the test's own (temp prefix, logs in it, the current user), run in the foreground.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The site file both production and the test use (docs/deploy.md "Proxy and TLS"). */
const SITE_TEMPLATE = 'deploy/nginx.conf';

/**
 * `deploy/nginx.conf` with its placeholders filled: `listen` for {{LISTEN}} (e.g. `127.0.0.1:8282`), `web` the
 * instances' host:port for {{WEB_1}} and {{WEB_2}}. Throws when a placeholder is left or unknown.
 */
function renderSite(listen: string, web: [string, string]): string {
  const values: Record<string, string> = { LISTEN: listen, WEB_1: web[0], WEB_2: web[1] };
  return readFileSync(SITE_TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${SITE_TEMPLATE}: unknown placeholder {{${name}}}`);
    return value;
  });
}

/**
 * One line per request in the access log: the test-only pin header, the instance(s) that answered
 * ($upstream_addr: "a, b" when the first failed), method, path and status.
 */
const LOG_FORMAT = `'$http_x_heartline_pin|$upstream_addr|$request_method|$uri|$status'`;

/** A request as the access log tells it (LOG_FORMAT). `upstream`: the instance that answered (the last one tried). */
export interface ProxiedRequest {
  pin: string;
  upstream: string;
  method: string;
  path: string;
  status: number;
}

/** A running nginx: its `url` and `stop()` (quits it and waits). */
export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** A file of nginx's prefix, '' while it does not exist. */
const readLog = (prefix: string, file: string) =>
  existsSync(path.join(prefix, file)) ? readFileSync(path.join(prefix, file), 'utf8') : '';

/** The requests nginx under `prefix` passed on so far, oldest first (its access log). */
export function proxiedRequests(prefix: string): ProxiedRequest[] {
  return readLog(prefix, 'access.log')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pin, upstreams, method, uri, status] = line.split('|');
      return { pin, upstream: upstreams.split(', ').at(-1)!, method, path: uri, status: Number(status) };
    });
}

/**
 * Starts nginx under `prefix` (a folder it may write to) on 127.0.0.1:`port` in front of the `web` instances
 * (host:port each): the main configuration below includes the rendered site file. Resolves once GET
 * /api/settings.php answers 200 through it; throws with nginx's error log when it exits or does not within 30 s.
 */
export async function startNginx(prefix: string, port: number, web: [string, string]): Promise<Nginx> {
  mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  writeFileSync(path.join(prefix, 'heartline.conf'), renderSite(`127.0.0.1:${port}`, web));
  const root = process.getuid?.() === 0;
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      // As root (CI), nginx's workers would drop to nobody, who cannot read the temp prefix.
      root ? 'user root;' : '',
      'worker_processes 1;',
      'pid nginx.pid;',
      'error_log error.log warn;',
      'events { worker_connections 512; }',
      'http {',
      `  log_format pins ${LOG_FORMAT};`,
      '  access_log access.log pins;',
      // Which instance answered, for the browser to see (the site file sets no add_header, so this one applies).
      '  add_header X-Heartline-Upstream $upstream_addr always;',
      // Debian's build puts these under /var/lib/nginx; the test's nginx keeps them in its prefix.
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path tmp/${t};`),
      '  include heartline.conf;',
      '}',
      '',
    ].join('\n'),
  );
  const bin = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child: ChildProcess = spawn(
    bin,
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const nginx: Nginx = {
    url,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${readLog(prefix, 'error.log')}`);
    if (
      await fetch(`${url}/api/settings.php`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return nginx;
    await new Promise((r) => setTimeout(r, 250));
  }
  await nginx.stop();
  throw new Error(`nginx did not answer within 30 s: ${readLog(prefix, 'error.log')}`);
}
