// Line icons of the interests the icons lander shows, drawn as inline SVG (no emoji font or icon download needed).
import type { Interest, NicheName } from '../../../contract/index.ts';

const paths: Partial<Record<Interest, string>> = {
  kissing: 'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8L12 21.2l8.8-8.8a5.5 5.5 0 0 0 0-7.8z',
  music: 'M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM21 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  coffee: 'M18 8h1a4 4 0 0 1 0 8h-1M2 8h16v9a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4V8zM6 1v3M10 1v3M14 1v3',
  photography:
    'M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2zM16 13a4 4 0 1 1-8 0 4 4 0 0 1 8 0z',
  one_night_stand: 'M21 12.8A9 9 0 1 1 11.2 3 7 7 0 0 0 21 12.8z',
  beach:
    'M17 12a5 5 0 1 1-10 0 5 5 0 0 1 10 0zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  movies: 'M2 2h20v20H2zM7 2v20M17 2v20M2 12h20M2 7h5M2 17h5M17 17h5M17 7h5',
  reading: 'M2 3h6a4 4 0 0 1 4 4v14a3 3 0 0 0-3-3H2zM22 3h-6a4 4 0 0 0-4 4v14a3 3 0 0 1 3-3h7z',
  travelling: 'M22 2 11 13M22 2l-7 20-4-9-9-4z',
  adventure: 'M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0zM16.2 7.8l-2.1 6.3-6.3 2.1 2.1-6.3z',
  bondage: 'M5 11h14v11H5zM7 11V7a5 5 0 0 1 10 0v4',
  dancing: 'M22 12h-4l-3 9L9 3l-3 9H2',
  sex_toys:
    'M20 12v10H4V12M2 7h20v5H2zM12 22V7M12 7H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z',
  hugging:
    'M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M13 7a4 4 0 1 1-8 0 4 4 0 0 1 8 0zM23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  sadomasochism: 'M13 2 3 14h9l-1 8 10-12h-9z',
  lingerie: 'M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z',
  exchanging_pictures: 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z',
  gardening: 'M12 22V12M12 12C12 6 7 3 3 3c0 5 3 9 9 9zM12 12c0-4 3-7 8-7 0 4-3 7-8 7z',
};

/** The interests each niche's icons lander shows, most fitting first (all have an icon above). */
export const nicheInterests: Record<NicheName, Interest[]> = {
  general: [
    'kissing',
    'music',
    'coffee',
    'travelling',
    'movies',
    'dancing',
    'photography',
    'beach',
    'reading',
    'adventure',
    'hugging',
    'one_night_stand',
  ],
  she: [
    'kissing',
    'hugging',
    'music',
    'coffee',
    'reading',
    'travelling',
    'photography',
    'dancing',
    'movies',
    'gardening',
    'beach',
    'adventure',
  ],
  bdsm: [
    'bondage',
    'sadomasochism',
    'sex_toys',
    'lingerie',
    'one_night_stand',
    'exchanging_pictures',
    'adventure',
    'kissing',
    'dancing',
    'photography',
    'music',
    'movies',
  ],
  bbw: [
    'kissing',
    'dancing',
    'lingerie',
    'music',
    'coffee',
    'beach',
    'movies',
    'hugging',
    'travelling',
    'photography',
    'one_night_stand',
    'reading',
  ],
  gilf: [
    'reading',
    'gardening',
    'coffee',
    'travelling',
    'music',
    'dancing',
    'movies',
    'hugging',
    'kissing',
    'photography',
    'beach',
    'adventure',
  ],
  milf: [
    'kissing',
    'one_night_stand',
    'lingerie',
    'coffee',
    'travelling',
    'dancing',
    'beach',
    'music',
    'movies',
    'hugging',
    'exchanging_pictures',
    'photography',
  ],
  gay: [
    'kissing',
    'dancing',
    'music',
    'travelling',
    'adventure',
    'photography',
    'beach',
    'movies',
    'one_night_stand',
    'coffee',
    'hugging',
    'exchanging_pictures',
  ],
};

/** The line icon of `interest` (24x24, stroked in the current colour); hidden from screen readers. */
export function InterestIcon({ interest }: { interest: Interest }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[interest] ?? paths.kissing} />
    </svg>
  );
}
