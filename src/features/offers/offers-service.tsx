// Headless service (spec 4 "Auth", "Time bonus"): loads the member's time bonus and welcome discount on login, clears
// them on logout and when the member becomes paid (the balance and premium arrive through the sync). Renders nothing.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../account/session-store.ts';
import { fetchDiscountCode } from './offers-api.ts';
import { clearOffers, measureSkew, setOffers } from './offer-store.ts';
import { offersEligible } from './offer-calls.ts';

/** Loads both offers and the clock skew; a failed welcome load counts as none (spec 8: its errors are ignored). */
async function loadOffers() {
  const sentAt = Date.now();
  const [bonus, welcome] = await Promise.all([fetchDiscountCode(), fetchDiscountCode({ welcome: 'true' }).catch(() => null)]);
  return {
    timeBonus: bonus.discount_code,
    welcome: welcome?.discount_code ?? null,
    skew: measureSkew(bonus.server_time, sentAt, Date.now()),
  };
}

export default function OffersService() {
  const { user } = useSnapshot(session);
  const userId = user?.id ?? null;
  const eligible = offersEligible(user);
  useEffect(() => {
    if (!eligible) {
      clearOffers();
      return;
    }
    let live = true;
    loadOffers().then(
      (o) => live && setOffers(o.timeBonus, o.welcome, o.skew),
      () => live && clearOffers(),
    );
    return () => {
      live = false;
    };
  }, [userId, eligible]);
  return null;
}
