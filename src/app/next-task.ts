// A yield to the browser between steps of the app's start (src/app/main.tsx, src/app/boot.tsx): one module graph is
// evaluated in one task, and a long task keeps the page from answering input (docs/perf.md, "Server rendering").

/** Resolves in a later task, so the browser runs other tasks (input, paint) before the next step. */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve));
