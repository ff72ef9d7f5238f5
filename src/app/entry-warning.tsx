// Spec 1: the adults-only entry warning. Loaded only when due: most page views never need the modal's code. The server
// draws it with the page's first HTML (a visitor's first view on a phone is this warning: docs/perf.md).
import { Suspense, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Settings } from '../../contract/index.ts';
import { session } from '../features/account/session-store.ts';
import { isStandalone } from '../pwa/standalone.ts';
import { ENTRY_WARNING_COOKIE, ENTRY_WARNING_MAX_AGE_S, entryWarningDue } from './entry-warning-rules.ts';
import { useHydrated } from './hydrated.tsx';
import { usePromptTurn } from './prompts.ts';
import type { LayoutName } from './routes.ts';
import { lazyPart } from './lazy-screen.ts';

const EntryWarningModal = lazyPart(() => import('./entry-warning-modal.tsx'));

/**
 * What the warning knows of the page load under way: whether the visitor had accepted it (its cookie) and the country
 * they had chosen as it began (the first settings seen; undefined before). The warning greets a visit: a country chosen
 * during it (the footer's picker, signup's country step) counts from the next page load, so the modal never lands on a
 * form being filled in. One page load per module in the browser; on the server, each render begins its own
 * (beginServerVisit; renders run one at a time, src/app/ssr-entry.tsx).
 */
interface Visit {
  accepted: boolean;
  chosenAtEntry: Settings['geoip_selected_country'] | undefined;
}

let visit: Visit | null = null;

/** This page load's Visit; in the browser, begun from document.cookie on first use. */
function currentVisit(): Visit {
  visit ??= {
    accepted: document.cookie.split('; ').some((pair) => pair.startsWith(`${ENTRY_WARNING_COOKIE}=`)),
    chosenAtEntry: undefined,
  };
  return visit;
}

/** Begins a server render's visit: `accepted` is whether the request carried ENTRY_WARNING_COOKIE. */
export function beginServerVisit(accepted: boolean): void {
  visit = { accepted, chosenAtEntry: undefined };
}

/** Remembers the acceptance for a year (ENTRY_WARNING_COOKIE), for this page load and the next ones. */
function accept(): void {
  currentVisit().accepted = true;
  document.cookie = `${ENTRY_WARNING_COOKIE}=${Date.now()}; Max-Age=${ENTRY_WARNING_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

/**
 * Shows the entry warning over a page of `layout` when entryWarningDue says so, first of the prompts (prompts.ts);
 * accepting it is remembered. The server's render and the hydrating one draw it alike, without the display mode (the
 * installed app opens the service worker's shell, never a server render). The modal is one element for the life of
 * this component: a re-render here (the page's hydration, another prompt asking) must not update its boundary while
 * that still waits for the modal's chunk, which would take the drawn warning off the screen until the chunk arrives.
 */
export function EntryWarning({ layout }: { layout: LayoutName }) {
  const { user, settings } = useSnapshot(session);
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(() => currentVisit().accepted);
  const entry = currentVisit();
  if (settings && entry.chosenAtEntry === undefined) entry.chosenAtEntry = settings.geoip_selected_country;
  const atEntry = settings && { ...settings, geoip_selected_country: entry.chosenAtEntry ?? null };
  const standalone = hydrated && isStandalone();
  const due = entryWarningDue({ loggedIn: user !== null, standalone, settings: atEntry, layout, dismissed });
  const modal = useMemo(
    () => (
      <Suspense fallback={null}>
        <EntryWarningModal
          onAccept={() => {
            accept();
            setDismissed(true);
          }}
        />
      </Suspense>
    ),
    [],
  );
  return usePromptTurn('entry-warning', due) ? modal : null;
}
