// A gift's drawing, loaded with the other drawings in one lazy chunk (gift-art.tsx) the first time any gift shows.
import { Suspense } from 'react';
import type { GiftId } from '../../../contract/index.ts';
import { lazyPart } from '../../app/lazy-screen.ts';

const GiftArt = lazyPart(() => import('./gift-art.tsx'));

/** The drawing of `gift`, `size` px square (default 64); a same-sized blank while the chunk loads. Decorative. */
export function GiftImage({ gift, size = 64 }: { gift: GiftId; size?: number }) {
  const blank = <span className="d-inline-block" style={{ width: size, height: size }} aria-hidden="true" />;
  return (
    <Suspense fallback={blank}>
      <GiftArt gift={gift} size={size} />
    </Suspense>
  );
}
