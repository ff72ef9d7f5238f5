// Development: the API server on :8081 and the Vite dev server on :8080 (which proxies /api and /media).
// Both are children of this process; Ctrl-C or either one exiting stops the other.
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} exited (${signal ?? code}); stopping.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code = 0): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  // Give them a moment to close their databases, then leave.
  setTimeout(() => process.exit(code), 1500).unref();
}

start('api', process.execPath, ['--import', 'tsx', 'server/main.ts'], { PORT: '8081', DIST_DIR: '/nonexistent' });
start('vite', process.execPath, ['node_modules/vite/bin/vite.js'], {});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(0));
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});
