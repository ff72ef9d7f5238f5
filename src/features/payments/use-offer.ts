// Loads the bundles and methods of the payment country (GET /api/credits.php) for the money screens.
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { CreditsResponse } from '../../../contract/index.ts';
import { firstAnswer, takeFirstAnswer } from '../../api/first-answers.ts';
import { session } from '../account/session-store.ts';
import { offerCountry, offerPath } from './offer-query.ts';
import { fetchOffer } from './payments-api.ts';

export interface OfferView {
  offer: CreditsResponse | null;
  /** Why the last load failed, or null. */
  error: unknown;
  reload(): void;
}

/**
 * The offer of the member's payment country (a visitor's: the country the site guessed or they chose). A server-rendered
 * page comes with it (the route's first call, src/app/routes.ts): the first render shows it and the first load takes it
 * without asking.
 */
export function useOffer(): OfferView {
  const { user, settings } = useSnapshot(session);
  const country = offerCountry(!!user, settings);
  const [offer, setOffer] = useState<CreditsResponse | null>(() => firstAnswer(offerPath(country), CreditsResponse) ?? null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // The server's answer, which the first render shows already, is this load's: taken, not asked again.
    if (takeFirstAnswer(offerPath(country), CreditsResponse)) return;
    let live = true;
    setError(null);
    fetchOffer(country).then(
      (o) => live && setOffer(o),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [country, attempt, user?.id]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { offer, error, reload };
}
