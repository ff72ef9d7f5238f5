// A screen's state loaded by one GET call, drawn at once from the server render's answer of that call when the page
// came with it (first-answers.ts, the call among its route's firstCalls).
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { firstAnswer, takeFirstAnswer } from './first-answers.ts';

/** What useFirstAnswer answers: the value (null until loaded), its setter, and the load's error (null when none). */
export interface FirstAnswerState<T> {
  value: T | null;
  setValue: Dispatch<SetStateAction<T | null>>;
  error: unknown;
  setError: Dispatch<SetStateAction<unknown>>;
}

/**
 * The state of GET `path`'s answer (parsed by `schema`, the part the screen keeps chosen by `pick`): the first answer of
 * a server-rendered page when it holds one (taken, so a later mount asks again), otherwise `load()`'s result after the
 * mount. `load` rejecting sets `error`. `path` and the functions are read once, at the mount.
 */
export function useFirstAnswer<R, T>(
  path: string,
  schema: { safeParse(data: unknown): { success: true; data: R } | { success: false } },
  pick: (answer: R) => T,
  load: () => Promise<T>,
): FirstAnswerState<T> {
  const [value, setValue] = useState<T | null>(() => {
    const answer = firstAnswer(path, schema);
    return answer === undefined ? null : pick(answer);
  });
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (takeFirstAnswer(path, schema)) return;
    let live = true;
    load().then(
      (v) => live && setValue(v),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, at the mount (the docstring)
  }, []);
  return { value, setValue, error, setError };
}
