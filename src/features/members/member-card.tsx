import { memo } from 'react';
import { dequal } from 'dequal';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { MemberCard as Member } from '../../../contract/index.ts';
import { FictionalBadge } from '../../ui/fictional-badge.tsx';
import css from './member-card.module.css';

/** Width and height attributes of card photos (3:4), so the grid never shifts while images load. */
const W = 300;
const H = 400;

/** Green "online" dot with a text alternative. */
export function OnlineDot({ className = '' }: { className?: string }) {
  const { t } = useTranslation('members');
  return (
    <span className={`d-inline-block rounded-circle bg-success flex-shrink-0 ${css.dot} ${className}`} title={t('online')}>
      <span className="visually-hidden">{t('online')}</span>
    </span>
  );
}

/** Cards of a grid's first row (up to 5 wide): their photos load at once, at high priority (docs/perf.md). */
export const FIRST_ROW = 5;

/**
 * Whether a card's props show the same: a grid redrawn with equal members (page 1 stored in Dexie after the server's
 * answer, a sync) leaves its cards alone. `member` is compared by value.
 */
const sameCardProps = (a: CardProps, b: CardProps) =>
  a.href === b.href && a.isNew === b.isNew && a.eager === b.eager && dequal(a.member, b.member);

interface CardProps {
  member: Member;
  href: string;
  isNew?: boolean;
  eager?: boolean;
}

/**
 * A member's card: 3:4 photo, name and age, city and distance band, online dot, fictional icon, optional "New" badge.
 * The whole card is one link named "Name, age, ..." to `href`. `eager`: the card is on the first screen, so its
 * photo (the page's largest paint) loads at once instead of lazily.
 */
export const MemberCard = memo(function MemberCard({ member, href, isNew = false, eager = false }: CardProps) {
  const { t } = useTranslation('members');
  const label = [
    t('nameAge', { name: member.name, age: member.age }),
    member.city,
    member.distance ? t(`distance.${member.distance}`) : '',
    member.online ? t('online') : '',
    member.fictional ? t('fictional.label') : '',
    isNew ? t('new') : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Link
      href={href}
      aria-label={label}
      className={`d-block position-relative rounded-4 overflow-hidden shadow-sm text-white text-decoration-none bg-body-secondary ${css.card}`}
    >
      <div className="ratio" style={{ '--bs-aspect-ratio': '133.333%' } as React.CSSProperties}>
        {member.photo ? (
          <img
            src={member.photo.thumb_url}
            srcSet={`${member.photo.thumb_url} 240w, ${member.photo.url} 720w`}
            sizes="(min-width: 1200px) 20vw, (min-width: 992px) 25vw, (min-width: 576px) 33vw, 50vw"
            alt=""
            width={W}
            height={H}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            className={`object-fit-cover ${css.photo}`}
          />
        ) : (
          <div className={`d-flex align-items-center justify-content-center fw-bold ${css.noPhoto}`} aria-hidden="true">
            {member.name.slice(0, 1).toUpperCase()}
          </div>
        )}
      </div>
      {isNew && (
        <span className="badge rounded-pill text-bg-primary position-absolute top-0 start-0 m-2 shadow-sm" aria-hidden="true">
          {t('new')}
        </span>
      )}
      {member.fictional && (
        <span className={`position-absolute top-0 end-0 m-2 rounded-circle p-1 d-flex ${css.chip}`}>
          <FictionalBadge size={18} />
        </span>
      )}
      <div className={`position-absolute bottom-0 start-0 end-0 px-2 pb-2 px-sm-3 pb-sm-3 ${css.caption}`} aria-hidden="true">
        <div className="d-flex align-items-center gap-2 fw-semibold lh-sm">
          <span className="text-truncate">
            {member.name}, {member.age}
          </span>
          {member.online && <OnlineDot />}
        </div>
        {(member.city || member.distance) && (
          <div className="small text-truncate opacity-75">
            {[member.city, member.distance && t(`distance.${member.distance}`)].filter(Boolean).join(' · ')}
          </div>
        )}
      </div>
    </Link>
  );
}, sameCardProps);

/** Placeholder card shown while a page of members loads (same size as a card: no layout shift). */
export function MemberCardPlaceholder() {
  return (
    <div className="rounded-4 overflow-hidden bg-body-secondary placeholder-glow" aria-hidden="true">
      <div className="ratio placeholder w-100" style={{ '--bs-aspect-ratio': '133.333%' } as React.CSSProperties} />
    </div>
  );
}

/** Responsive grid for member cards: 2 columns on phones up to 5 on wide screens. */
export function MemberGrid({ children, label }: { children: React.ReactNode; label?: string }) {
  return (
    <ul className="list-unstyled row row-cols-2 row-cols-sm-3 row-cols-lg-4 row-cols-xl-5 g-2 g-md-3 mb-0" aria-label={label}>
      {children}
    </ul>
  );
}
