import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { inMembersArea } from '../../app/routes.ts';
import { session } from '../account/session-store.ts';
import { offerTime } from './offer-time.ts';
import { offers } from './offer-store.ts';
import './offers.scss';

/**
 * The time-bonus banner (spec 2, 4) in the members area, counting down to the end of the bonus, else the
 * welcome-discount banner with its countdown; both link to /credits. In the page under the top navigation (a banner,
 * not an overlay: it covers nothing). Drawn by the server too (the offers come with the page, offer-store.ts
 * adoptRenderedOffers), so it is there in the first paint and its arrival moves nothing.
 */
export function OfferBanner() {
  const { user } = useSnapshot(session);
  const { timeBonus, isVisible, countdownTimer, welcome } = useSnapshot(offers);
  const [location] = useLocation();
  if (!user || !inMembersArea(location) || !((isVisible && timeBonus && countdownTimer) || welcome)) return null;
  // Its own boundary: while the texts load (an offer that arrives later), nothing else of the page waits.
  return (
    <Suspense fallback={null}>
      <OfferBannerText />
    </Suspense>
  );
}

/** The banner itself; its texts' namespace is loaded only for a member who has an offer. */
function OfferBannerText() {
  const { t } = useTranslation('offers');
  const { timeBonus, isVisible, countdownTimer, welcome, welcomeLeft } = useSnapshot(offers);
  if (isVisible && timeBonus && countdownTimer) {
    const percent = timeBonus.value_percentage;
    return (
      <section className="offer-banner offer-banner-bonus" aria-label={t('timeBonus.title', { percent })}>
        <span className="offer-banner-text">{t('timeBonus.banner', { percent, time: offerTime(t, countdownTimer) })}</span>
        <Link href="/credits" className="btn btn-sm btn-light rounded-pill fw-semibold">
          {t('timeBonus.bannerCta', { percent })}
        </Link>
      </section>
    );
  }
  if (!welcome) return null;
  const percent = welcome.value_percentage;
  return (
    <section className="offer-banner offer-banner-welcome" aria-label={t('welcome.title', { percent })}>
      <span className="offer-banner-text">
        {welcomeLeft ? t('welcome.banner', { percent, time: offerTime(t, welcomeLeft) }) : t('welcome.bannerNoEnd', { percent })}
      </span>
      <Link href="/credits" className="btn btn-sm btn-light rounded-pill fw-semibold">
        {t('welcome.bannerCta', { percent })}
      </Link>
    </section>
  );
}
