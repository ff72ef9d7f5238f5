// The one call every lander reads (GET /api/lander.php): fetched once per visit and shared by the landers,
// so moving from one lander to another costs no second request.
import { useEffect, useState } from 'react';
import { LanderResponse } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';

let pending: Promise<LanderResponse> | null = null;

/** Loads the lander content once (a failed load is retried on the next call). */
export function loadLanderContent(): Promise<LanderResponse> {
  pending ??= api('/api/lander.php', LanderResponse).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** The lander content, or null while it loads (and when it failed: a lander then shows its copy alone). */
export function useLanderContent(): LanderResponse | null {
  const [content, setContent] = useState<LanderResponse | null>(null);
  useEffect(() => {
    let live = true;
    loadLanderContent().then(
      (c) => live && setContent(c),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return content;
}
