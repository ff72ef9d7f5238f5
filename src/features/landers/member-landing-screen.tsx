import { Link, useLocation, useParams } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import type { MemberProfile, Photo } from '../../../contract/index.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { session } from '../account/session-store.ts';
import { openSignupModalFor } from '../account/signup-modal-store.ts';
import { FictionalBadge } from '../../ui/fictional-badge.tsx';
import { regionName, REGIONS_NS } from '../../i18n/region-names.ts';
import { useLanderCopy } from './lander-copy.ts';
import { PHOTO_H, PHOTO_W } from './lander-parts.tsx';
import { useLandingMember } from './use-landing-member.ts';
import './landers.scss';

/** The three member landings: a profile hero, a chat invitation, a photo wall. */
type Variant = 'landing' | 'landing2' | 'landing3';

/** The call to action of a member landing: sign up and go on to the chat with `member` (a member goes there now). */
function ChatCta({ member, className = '' }: { member: MemberProfile; className?: string }) {
  const { t } = useTranslation('landers');
  const { user } = useSnapshot(session);
  const chat = `/members/${member.id}/chat`;
  const label = t('member.cta', { name: member.name });
  if (user)
    return (
      <Link href={chat} className={`btn btn-secondary btn-lg lander-cta ${className}`}>
        {label}
      </Link>
    );
  return (
    <button type="button" className={`btn btn-secondary btn-lg lander-cta ${className}`} onClick={() => openSignupModalFor(chat)}>
      {label}
    </button>
  );
}

/** A photo of the member at the 3:4 size (`eager` for the first one seen). */
export function ProfilePhoto({
  member,
  photo,
  eager = false,
  className = '',
}: {
  member: MemberProfile;
  photo: Photo;
  eager?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('landers');
  return (
    <img
      src={photo.url}
      width={PHOTO_W}
      height={PHOTO_H}
      alt={t('photoAlt', { name: member.name, age: member.age })}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}

/** When the member cannot be shown: a short note and the way to the landers' home. */
export function MemberMissing() {
  const { t } = useTranslation('landers');
  usePageTitle(t('member.missing'));
  return (
    <section className="container py-5 text-center" aria-labelledby="missing-heading">
      <h1 id="missing-heading" className="h3">
        {t('member.missing')}
      </h1>
      <Link href="/" className="btn btn-primary mt-3">
        {t('member.home')}
      </Link>
    </section>
  );
}

/**
 * /members/:id/landing, /members/:id/landing2/:slug?, /members/:id/landing3/:slug? (spec 2): one member's
 * marketing page in three looks, leading into signup and then the chat with that member.
 */
export default function MemberLandingScreen() {
  const { t, i18n } = useTranslation(['landers', REGIONS_NS]);
  const [location] = useLocation();
  const id = Number(useParams<{ id: string }>().id);
  const variant: Variant = location.includes('/landing3') ? 'landing3' : location.includes('/landing2') ? 'landing2' : 'landing';
  const member = useLandingMember(id);
  const copy = useLanderCopy();
  // i18next context: `place.greetingIn_region` for a region.
  const context = copy.region ? 'region' : undefined;
  usePageTitle(member ? t(`member.${variant}.title`, { name: member.name }) : null);
  if (member === null) return <MemberMissing />;
  if (member === undefined) return <div className="member-landing lander-placeholder member-landing-loading" aria-busy="true" />;
  const [first, ...more] = member.photos;
  const headingId = 'member-landing-heading';
  const title = t(`member.${variant}.title`, { name: member.name });
  const facts = (
    <p className="member-facts" translate="no">
      {member.age} · {member.city}, {regionName(member.country, member.region, i18n.language)}
      {member.fictional && <FictionalBadge size={18} className="ms-2" />}
    </p>
  );

  if (variant === 'landing2') {
    return (
      <section className="member-landing member-landing2" aria-labelledby={headingId}>
        <div className="container invite-card">
          {first && <ProfilePhoto member={member} photo={first} eager className="invite-avatar" />}
          <h1 id={headingId}>{title}</h1>
          {facts}
          <div className="invite-chat">
            <p className="bubble-in">
              {copy.place ? t('place.greetingIn', { place: copy.place, context }) : t('place.greetingNear')}
            </p>
            <p className="bubble-in">{t('member.landing2.message2')}</p>
            <p className="invite-typing">{t('member.landing2.typing', { name: member.name })}</p>
          </div>
          <ChatCta member={member} className="w-100" />
        </div>
      </section>
    );
  }

  if (variant === 'landing3') {
    return (
      <section className="member-landing member-landing3" aria-labelledby={headingId}>
        <div className="container">
          <h1 id={headingId}>{title}</h1>
          {facts}
          <ul className="wall">
            {member.photos.slice(0, 6).map((p, i) => (
              <li key={p.id}>
                <ProfilePhoto member={member} photo={p} eager={i < 2} />
              </li>
            ))}
          </ul>
          <p className="lead">{t('member.landing3.lead', { name: member.name, where: copy.where })}</p>
          <ChatCta member={member} />
        </div>
      </section>
    );
  }

  return (
    <section className="member-landing member-landing1" aria-labelledby={headingId}>
      <div className="container profile-hero">
        {first && <ProfilePhoto member={member} photo={first} eager className="profile-hero-photo" />}
        <div className="profile-hero-copy">
          <p className="profile-hero-kicker">{t('member.landing.kicker')}</p>
          <h1 id={headingId}>{title}</h1>
          {facts}
          {member.about && (
            <blockquote className="profile-hero-about" translate="no">
              {member.about}
            </blockquote>
          )}
          {more.length > 0 && (
            <p className="text-body-secondary">{t('member.landing.photos', { count: member.photos.length })}</p>
          )}
          <ChatCta member={member} />
        </div>
      </div>
    </section>
  );
}
