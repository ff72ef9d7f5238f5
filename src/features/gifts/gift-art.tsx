// The gift catalogue's drawings (contract/gifts.ts), hand-drawn SVG in a 64×64 box: shipped in their own lazy chunk
// (gift-image.tsx), so neither the entry nor a screen that shows no gift carries them, and nothing is downloaded.
import type { GiftId } from '../../../contract/index.ts';

const drawings: Record<GiftId, React.ReactNode> = {
  rose: (
    <>
      <path d="M32 34v24" stroke="#2f8f46" strokeWidth="3" strokeLinecap="round" />
      <path d="M32 48c-6-6-14-5-16-2 5 4 11 5 16 2zM32 44c5-6 12-6 15-4-4 5-10 6-15 4z" fill="#3fa55a" />
      <path d="M20 20c0-8 6-12 12-12s12 4 12 12c0 9-6 15-12 15s-12-6-12-15z" fill="#d62839" />
      <path
        d="M26 16c3-4 9-4 12 0-2 5-10 5-12 0zM24 22c4 6 12 6 16 0"
        fill="none"
        stroke="#9e1b2a"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
  heart: (
    <>
      <path d="M32 56C10 41 6 30 9 21c3-9 15-12 23-3 8-9 20-6 23 3 3 9-1 20-23 35z" fill="#e63973" />
      <path d="M17 20c2-4 7-5 10-3" fill="none" stroke="#fff" strokeOpacity=".7" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  chocolates: (
    <>
      <path d="M8 26h48v22a6 6 0 0 1-6 6H14a6 6 0 0 1-6-6z" fill="#c2185b" />
      <path d="M8 26h48l-4-8H12z" fill="#e91e63" />
      <circle cx="20" cy="36" r="6" fill="#5d3a1a" />
      <circle cx="32" cy="36" r="6" fill="#7b4a22" />
      <circle cx="44" cy="36" r="6" fill="#5d3a1a" />
      <path d="M16 34q4-3 8 0M28 34q4-3 8 0M40 34q4-3 8 0" fill="none" stroke="#c89b6d" strokeWidth="1.5" />
      <path d="M26 18l6 6 6-6" fill="none" stroke="#ffd54f" strokeWidth="3" strokeLinejoin="round" />
    </>
  ),
  teddy: (
    <>
      <circle cx="18" cy="16" r="7" fill="#a0703f" />
      <circle cx="46" cy="16" r="7" fill="#a0703f" />
      <circle cx="18" cy="16" r="3.5" fill="#e0b88a" />
      <circle cx="46" cy="16" r="3.5" fill="#e0b88a" />
      <ellipse cx="32" cy="46" rx="15" ry="13" fill="#a0703f" />
      <circle cx="32" cy="26" r="14" fill="#b57f48" />
      <ellipse cx="32" cy="31" rx="6" ry="4.5" fill="#e0b88a" />
      <circle cx="26.5" cy="23" r="2" fill="#2b1a0e" />
      <circle cx="37.5" cy="23" r="2" fill="#2b1a0e" />
      <ellipse cx="32" cy="29.5" rx="2.2" ry="1.6" fill="#2b1a0e" />
      <path d="M29 40l3 3 3-3-3-3z" fill="#e63973" />
    </>
  ),
  champagne: (
    <>
      <path d="M14 8h12l-1 14a5 5 0 0 1-10 0z" fill="#fff3c4" stroke="#c9a227" strokeWidth="2" />
      <path d="M38 8h12l-1 14a5 5 0 0 1-10 0z" fill="#fff3c4" stroke="#c9a227" strokeWidth="2" />
      <path d="M16 14h8l-.5 8a3.5 3.5 0 0 1-7 0zM40 14h8l-.5 8a3.5 3.5 0 0 1-7 0z" fill="#f4c542" />
      <path d="M20 27v22M44 27v22M13 52h14M37 52h14" stroke="#c9a227" strokeWidth="3" strokeLinecap="round" />
      <circle cx="32" cy="12" r="1.5" fill="#f4c542" />
      <circle cx="30" cy="20" r="1" fill="#f4c542" />
      <circle cx="34" cy="26" r="1.5" fill="#f4c542" />
    </>
  ),
  cupcake: (
    <>
      <path d="M16 34h32l-5 22H21z" fill="#4fc3f7" />
      <path d="M22 34l2 22M30 34v22M38 34l-2 22" stroke="#0288d1" strokeWidth="1.5" />
      <path d="M14 34c-2-8 4-12 8-12 0-7 6-10 10-10s10 3 10 10c4 0 10 4 8 12z" fill="#f8bbd0" />
      <circle cx="32" cy="10" r="4" fill="#d62839" />
      <path d="M22 27l2 1M30 22l1 2M40 27l-2 1M36 30l1 1M26 31l1-1" stroke="#7e57c2" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  sunflower: (
    <>
      <path d="M32 40v20" stroke="#2f8f46" strokeWidth="3" strokeLinecap="round" />
      <path d="M32 52c-5-5-11-4-13-2 4 4 9 4 13 2z" fill="#3fa55a" />
      <g fill="#fbc02d">
        {[0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330].map((a) => (
          <ellipse key={a} cx="32" cy="10" rx="4.5" ry="9" transform={`rotate(${a} 32 24)`} />
        ))}
      </g>
      <circle cx="32" cy="24" r="9" fill="#6d4c41" />
      <circle cx="29" cy="22" r="1.2" fill="#3e2723" />
      <circle cx="34" cy="21" r="1.2" fill="#3e2723" />
      <circle cx="33" cy="27" r="1.2" fill="#3e2723" />
    </>
  ),
  star: (
    <>
      <path
        d="M32 6l7.6 15.4 17 2.5-12.3 12 2.9 16.9L32 44.8l-15.2 8 2.9-16.9-12.3-12 17-2.5z"
        fill="#ffca28"
        stroke="#f59f00"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="27" cy="30" r="2" fill="#5d4037" />
      <circle cx="37" cy="30" r="2" fill="#5d4037" />
      <path d="M28 36q4 3 8 0" fill="none" stroke="#5d4037" strokeWidth="2" strokeLinecap="round" />
      <path d="M52 48l2 4 4 2-4 2-2 4-2-4-4-2 4-2zM10 46l1.5 3 3 1.5-3 1.5-1.5 3-1.5-3-3-1.5 3-1.5z" fill="#ffca28" />
    </>
  ),
  kiss: (
    <>
      <path d="M6 30c6-8 14-12 19-9 3 2 5 2 7 0 2 2 4 2 7 0 5-3 13 1 19 9-8 3-14 4-26 4S14 33 6 30z" fill="#e53950" />
      <path d="M6 30c8 3 14 4 26 4s18-1 26-4c-6 10-14 16-26 16S12 40 6 30z" fill="#c2185b" />
      <path d="M10 31c8 2 14 2.5 22 2.5S46 33 54 31" fill="none" stroke="#7b1030" strokeWidth="1.5" />
      <path d="M22 39c3 2 6 2.5 9 2" fill="none" stroke="#fff" strokeOpacity=".5" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  coffee: (
    <>
      <path d="M10 26h36v12a16 16 0 0 1-16 16h-4a16 16 0 0 1-16-16z" fill="#fafafa" stroke="#8d6e63" strokeWidth="2" />
      <path d="M46 30h3a6 6 0 0 1 0 12h-4" fill="none" stroke="#8d6e63" strokeWidth="3" />
      <ellipse cx="28" cy="27" rx="17" ry="3" fill="#6d4c41" />
      <path d="M25 27c-2-2 0-4 3-3 3-1 5 1 3 3-1 1-3 2-3 2s-2-1-3-2z" fill="#f3d9b1" />
      <path
        d="M20 18c-2-3 2-5 0-8M28 18c-2-3 2-5 0-8M36 18c-2-3 2-5 0-8"
        fill="none"
        stroke="#bcaaa4"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <ellipse cx="28" cy="57" rx="22" ry="3" fill="#d7ccc8" />
    </>
  ),
  diamond: (
    <>
      <path d="M18 12h28l12 14-26 30L6 26z" fill="#81d4fa" />
      <path d="M6 26h52L32 56z" fill="#4fc3f7" />
      <path
        d="M18 12l6 14 8-14 8 14 6-14M6 26h52M24 26l8 30 8-30"
        fill="none"
        stroke="#0277bd"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <path d="M22 17l3 5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  balloons: (
    <>
      <path d="M22 36c-2 8 6 12 10 22M42 34c2 8-6 14-10 24M32 38v20" fill="none" stroke="#9e9e9e" strokeWidth="1.5" />
      <ellipse cx="21" cy="22" rx="11" ry="13" fill="#e63973" />
      <ellipse cx="43" cy="20" rx="11" ry="13" fill="#7e57c2" />
      <ellipse cx="32" cy="27" rx="10" ry="12" fill="#ffca28" />
      <path
        d="M16 15q2-4 6-4M38 13q2-4 6-4M28 21q2-4 5-4"
        fill="none"
        stroke="#fff"
        strokeOpacity=".7"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
};

/** The drawing of `gift`, `size` px square; decorative (the caller names the gift in text). */
export default function GiftArt({ gift, size }: { gift: GiftId; size: number }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      {drawings[gift]}
    </svg>
  );
}
