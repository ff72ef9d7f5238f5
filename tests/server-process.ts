// The real server (`node --import tsx server/main.ts`) as a process of its own, for what needs to kill or measure it
// from outside: the fault tests (tests/api/chaos.test.ts) and Lighthouse (tests/perf/lighthouse.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A started server process: `url` on 127.0.0.1, `port`, `exited`, which resolves to its exit code, and `stderr()`, what
 * it wrote to stderr so far (to tell why it exited as it did).
 */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  exited: Promise<number | null>;
  stderr: () => string;
}

/** A TCP port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * Starts `server/main.ts` on a free port with `env` over the current environment (DATA_DIR, DATABASE_URL, SEED_MEMBERS,
 * ...); resolves once the child itself says it listens (its "listening on" line: another process that took the port
 * in between must not be mistaken for it) and GET /api/settings.php answers 200. A child that loses the port race
 * is started again on another port (3 tries). Throws with the server's stderr when it exits otherwise or does not
 * answer within 2 minutes (then it is killed).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env);
    } catch (e) {
      if (!(e as Error).message.includes('EADDRINUSE') || attempt === 3) throw e;
    }
  }
}

async function startOnce(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let listening = false;
  child.stderr!.on('data', (d) => (stderr += d));
  child.stdout!.on('data', (d) => {
    if (String(d).includes('listening on')) listening = true;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    if (
      listening &&
      (await fetch(`${url}/api/settings.php`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      return { child, port, url, exited, stderr: () => stderr };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start within 2 minutes: ${stderr}`);
}
