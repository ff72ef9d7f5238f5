// The site niches as a plain list, without zod: the route table's lander calls (src/features/landers/lander-calls.ts)
// read it in the app's start, before zod and the contract's schemas load.

/** Spec 1 niche setting, by its numeric value: 0 general, 1 she, 2 bdsm, 3 bbw, 4 gilf, 5 milf, 6 gay. */
export const niches = ['general', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;
export type NicheName = (typeof niches)[number];
