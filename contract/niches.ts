// The site niches as a plain list, and who each niche is for, without zod: the route table's lander calls
// (src/features/landers/lander-calls.ts) and the member search's first call read them in the app's start, before zod
// and the contract's schemas load; the server's seed reads the same rule.

/** Spec 1 niche setting, by its numeric value: 0 general, 1 she, 2 bdsm, 3 bbw, 4 gilf, 5 milf, 6 gay. */
export const niches = ['general', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;
export type NicheName = (typeof niches)[number];

/**
 * Who a niche site is for (spec 1 niche): its members and the defaults a visitor meets.
 * - `gender`: the members' gender, and the search's default gender for a visitor ('' everyone).
 * - `sexualities`: the members' sexualities (null: any).
 * - `ages`: the members' ages and the search's default age range, in years (inclusive).
 * - `bodyTypes`: the members' body types (null: any).
 * - `interests`: every member names at least one of them (null: no such rule).
 * - `signup`: the signup's default "I am a ..., looking for ...".
 */
export interface NicheAudience {
  gender: 'male' | 'female' | '';
  sexualities: readonly ('hetero' | 'gay' | 'lesbian' | 'bi')[] | null;
  ages: readonly [min: number, max: number];
  bodyTypes: readonly string[] | null;
  interests: readonly string[] | null;
  signup: { gender: 'male' | 'female'; lookingFor: 'men' | 'women' | 'both' };
}

const everyone: NicheAudience = {
  gender: '',
  sexualities: null,
  ages: [18, 99],
  bodyTypes: null,
  interests: null,
  signup: { gender: 'male', lookingFor: 'women' },
};
const women: NicheAudience = { ...everyone, gender: 'female', sexualities: ['hetero', 'bi'] };

/**
 * The audience of each niche: general everyone; she women looking for women; bdsm everyone into bondage or
 * sadomasochism; bbw curvy and large women; gilf women of 60 and older; milf women of 35 to 55; gay men looking for men.
 */
export const nicheAudiences: Record<NicheName, NicheAudience> = {
  general: everyone,
  she: { ...everyone, gender: 'female', sexualities: ['lesbian', 'bi'], signup: { gender: 'female', lookingFor: 'women' } },
  bdsm: { ...everyone, interests: ['bondage', 'sadomasochism'] },
  bbw: { ...women, bodyTypes: ['curvy', 'large'] },
  gilf: { ...women, ages: [60, 99] },
  milf: { ...women, ages: [35, 55] },
  gay: { ...everyone, gender: 'male', sexualities: ['gay', 'bi'], signup: { gender: 'male', lookingFor: 'men' } },
};

/** Spec 1: the niche name of a site's numeric `niche` setting (an unknown number, or none, is general). */
export const nicheOf = (niche: number | undefined): NicheName => niches[niche ?? 0] ?? 'general';

/** The audience of a site's numeric `niche` setting (nicheOf). */
export const audienceOf = (niche: number | undefined): NicheAudience => nicheAudiences[nicheOf(niche)];
