import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberCard } from '../../../contract/index.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { openSignupModal } from '../account/signup-modal-store.ts';
import './landers.scss';

/** Width and height of a member photo (the 3:4 thumbnails), so nothing shifts while photos load. */
export const PHOTO_W = 240;
export const PHOTO_H = 320;

/** The call to action of every lander: opens the signup modal (tracking data of the URL goes with the signup). */
export function LanderCta({ label, className = '' }: { label?: string; className?: string }) {
  const { t } = useTranslation('landers');
  return (
    <button type="button" className={`btn btn-secondary btn-lg lander-cta ${className}`} onClick={openSignupModal}>
      {label ?? t('cta')}
    </button>
  );
}

/**
 * A member's photo (the thumbnail; `large` takes the full size) with its size set and the member's name and age
 * as the alternative text, none when `captioned` (the name and age are written beside it). The first photos of a
 * lander load eagerly (`eager`), the rest lazily.
 */
export function MemberPhoto({
  member,
  className = '',
  eager = false,
  large = false,
  captioned = false,
}: {
  member: MemberCard;
  className?: string;
  eager?: boolean;
  large?: boolean;
  captioned?: boolean;
}) {
  const { t } = useTranslation('landers');
  if (!member.photo) return null;
  return (
    <img
      src={large ? member.photo.url : member.photo.thumb_url}
      width={PHOTO_W}
      height={PHOTO_H}
      // Beside a caption of the name and age, the same words as its alt would be read twice.
      alt={captioned ? '' : t('photoAlt', { name: member.name, age: member.age })}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}

/** Grey stand-ins of the size of `count` photos while the lander content loads (no layout shift). */
export function PhotoPlaceholders({ count, className }: { count: number; className: string }) {
  return Array.from({ length: count }, (_, i) => (
    <span key={i} className={`${className} lander-placeholder`} aria-hidden="true" />
  ));
}

/**
 * A lander page: sets the title and wraps the content in a section named by its heading `headingId`.
 * `className` is the lander's own class, written out in full (the CSS purge keeps only names it finds in the source).
 */
export function LanderPage({
  className,
  title,
  headingId,
  children,
}: {
  className: string;
  title: string;
  headingId: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <section className={`lander ${className}`} aria-labelledby={headingId}>
      {children}
    </section>
  );
}
