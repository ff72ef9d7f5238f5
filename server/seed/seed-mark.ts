// The mark a seeding leaves, apart from the seeder so that checking it loads nothing of the seeder (first-start.ts).

/** The meta key that records the seeding of the first site (value: when, how many, which seed); a further site's is `<key>:<site id>`. */
export const SEED_META_KEY = 'seed:members';
