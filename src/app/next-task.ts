// Yields to the browser between steps of the app's start (src/app/main.tsx): one module graph is
// evaluated in one task, and a long task keeps the page from answering input (docs/perf.md, "Server rendering").

/**
 * Resolves in a later task, so the browser runs other tasks (input, paint) before the next step. A posted message, not
 * a timer: chained timers wait at least 4 ms each after the fifth (HTML's timer nesting).
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * Evaluates the built script files `urls` (paths such as "/assets/boot-1a2b3c4d.js", each after the files it imports)
 * one per task: importing the last alone would evaluate all of them in one task. A file evaluated already costs no
 * task. Rejects when a file fails to load.
 */
export async function evaluateInSteps(urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const started = performance.now();
    await import(/* @vite-ignore */ url);
    if (performance.now() - started > 1) await nextTask();
  }
}
