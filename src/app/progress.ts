// Spec 2, 9: the progress bar of a navigation: shown only when loading takes longer than the throttle (200 ms), it
// creeps towards 90 % over the duration (5 s), fills when loading ends and hides after the hide delay (500 ms).
import { proxy } from 'valtio';

/** Spec 9: progress bar duration, throttle and hide delay (ms). */
export const PROGRESS = { durationMs: 5000, throttleMs: 200, hideDelayMs: 500, stepMs: 100 } as const;

/** The bar: `value` 0..1 while `visible`. */
export const progress = proxy({ visible: false, value: 0 });

let loading = 0;
let startedAt = 0;
let showTimer: ReturnType<typeof setTimeout> | null = null;
let hideTimer: ReturnType<typeof setTimeout> | null = null;
let stepTimer: ReturnType<typeof setInterval> | null = null;

const clear = (t: ReturnType<typeof setTimeout> | null) => t !== null && clearTimeout(t);

/** A load began (a screen or layout chunk): the bar shows if it is still loading after the throttle. */
export function startProgress(): void {
  loading++;
  if (loading > 1) return;
  clear(hideTimer);
  hideTimer = null;
  if (progress.visible) return;
  showTimer = setTimeout(() => {
    showTimer = null;
    startedAt = Date.now();
    Object.assign(progress, { visible: true, value: 0.05 });
    stepTimer = setInterval(() => {
      progress.value = Math.max(progress.value, Math.min(0.9, 0.05 + (0.85 * (Date.now() - startedAt)) / PROGRESS.durationMs));
    }, PROGRESS.stepMs);
  }, PROGRESS.throttleMs);
}

/** A load ended: when none is left, the bar fills and hides after the hide delay (it never showed if it was quick). */
export function doneProgress(): void {
  loading = Math.max(0, loading - 1);
  if (loading > 0) return;
  clear(showTimer);
  showTimer = null;
  if (stepTimer !== null) clearInterval(stepTimer);
  stepTimer = null;
  if (!progress.visible) return;
  progress.value = 1;
  hideTimer = setTimeout(() => {
    hideTimer = null;
    Object.assign(progress, { visible: false, value: 0 });
  }, PROGRESS.hideDelayMs);
}
