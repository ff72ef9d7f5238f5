import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openSignupModal } from '../account/signup-modal-store.ts';
import { useLanderContent } from './lander-content.ts';
import { useLanderCopy } from './lander-copy.ts';
import { LanderCta, LanderPage, MemberPhoto } from './lander-parts.tsx';

/** Swipes before the signup modal opens by itself. */
const SWIPES_TO_SIGNUP = 3;

/** /landers/tinderswipe: a swipe demo over the niche's demo members; the third swipe (or the CTA) opens signup. */
export default function TinderswipeLander() {
  const { t } = useTranslation('landers');
  const copy = useLanderCopy();
  const content = useLanderContent(copy.niche);
  const [index, setIndex] = useState(0);
  const [leaving, setLeaving] = useState<'like' | 'pass' | null>(null);
  const members = content?.members ?? [];
  const current = members[index % Math.max(members.length, 1)];
  const next = members[(index + 1) % Math.max(members.length, 1)];

  const swipe = (way: 'like' | 'pass') => {
    setLeaving(way);
    // The card leaves by a CSS transition; the next one shows when it ends (at once with reduced motion).
    window.setTimeout(
      () => {
        setLeaving(null);
        setIndex((i) => i + 1);
        if ((index + 1) % SWIPES_TO_SIGNUP === 0) openSignupModal();
      },
      matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 280,
    );
  };

  return (
    <LanderPage className="lander-tinderswipe" title={t('tinderswipe.title', copy)} headingId="swipe-heading">
      <div className="container swipe-wrap">
        <div className="swipe-copy">
          <h1 id="swipe-heading">{t('tinderswipe.title', copy)}</h1>
          <p className="lead">{t('tinderswipe.lead', copy)}</p>
          <LanderCta className="d-none d-lg-inline-block" />
        </div>
        <div className="swipe-demo">
          <div className="swipe-stack" aria-live="polite">
            {next && (
              <div className="swipe-card swipe-card-next" aria-hidden="true">
                <MemberPhoto member={next} eager />
              </div>
            )}
            {current ? (
              <figure
                className={`swipe-card ${leaving === 'like' ? 'swipe-out-like' : leaving === 'pass' ? 'swipe-out-pass' : ''}`}
                key={index}
              >
                <MemberPhoto member={current} eager large />
                <figcaption>
                  <strong translate="no">
                    {current.name}, {current.age}
                  </strong>
                  <span translate="no">{current.city}</span>
                </figcaption>
              </figure>
            ) : (
              <div className="swipe-card lander-placeholder" aria-hidden="true" />
            )}
          </div>
          <div className="swipe-buttons">
            <button
              type="button"
              className="swipe-btn swipe-btn-pass"
              onClick={() => swipe('pass')}
              disabled={!current || !!leaving}
            >
              <span aria-hidden="true">✕</span>
              <span className="visually-hidden">{t('tinderswipe.pass', { name: current?.name ?? '' })}</span>
            </button>
            <button
              type="button"
              className="swipe-btn swipe-btn-like"
              onClick={() => swipe('like')}
              disabled={!current || !!leaving}
            >
              <span aria-hidden="true">♥</span>
              <span className="visually-hidden">{t('tinderswipe.like', { name: current?.name ?? '' })}</span>
            </button>
          </div>
          <LanderCta className="d-lg-none w-100" />
        </div>
      </div>
    </LanderPage>
  );
}
