// Loads the bundles and methods of the payment country (GET /api/credits.php) for the money screens.
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { CreditsResponse } from '../../../contract/index.ts';
import { session } from '../account/session-store.ts';
import { fetchOffer } from './payments-api.ts';

export interface OfferView {
  offer: CreditsResponse | null;
  /** Why the last load failed, or null. */
  error: unknown;
  reload(): void;
}

/** The offer of the member's payment country (a visitor's: the country the site guessed or they chose). */
export function useOffer(): OfferView {
  const { user, settings } = useSnapshot(session);
  const country = user ? null : (settings?.geoip_selected_country ?? settings?.geoip_country ?? null);
  const [offer, setOffer] = useState<CreditsResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
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
