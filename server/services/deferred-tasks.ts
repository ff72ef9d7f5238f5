// Work that runs after the response (a push or a mail to send once the request's transaction committed), apart from the
// services that use it so each tracks its own tasks and a shutdown can wait for them (app onClose).

/** Detached tasks: `defer` starts one and never throws; `idle` resolves when every started task has settled. */
export interface DeferredTasks {
  /** Runs `task` on the next tick, after the caller returned; a rejection goes to the log, never to the caller. */
  defer(task: () => Promise<void>): void;
  /** Resolves once no task runs, including tasks deferred by running tasks (shutdown, tests). */
  idle(): Promise<void>;
}

/** A set of detached tasks whose failures are reported to `log` as `label` with the error's message. */
export function createDeferredTasks(label: string, log: (message: string, detail: Record<string, unknown>) => void): DeferredTasks {
  const running = new Set<Promise<void>>();
  return {
    defer(task) {
      const p: Promise<void> = Promise.resolve()
        .then(task)
        .catch((e: unknown) => log(label, { error: (e as Error).message }))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
