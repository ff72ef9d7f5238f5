// Spec 1: the adults-only entry warning. Loaded only when due: most page views never need the modal's code.
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Settings } from '../../contract/index.ts';
import { session } from '../features/account/session-store.ts';
import { isStandalone } from '../pwa/standalone.ts';
import { dismissedAt, storeDismissal } from '../ui/dismissal.ts';
import { ENTRY_WARNING_KEY, entryWarningDue } from './entry-warning-rules.ts';
import { usePromptTurn } from './prompts.ts';
import type { LayoutName } from './routes.ts';

const EntryWarningModal = lazy(() => import('./entry-warning-modal.tsx'));

/**
 * The country the visitor chose as this page load began (the first settings seen; undefined before). The warning greets
 * a visit: a country chosen during it (the footer's picker, signup's country step) counts from the next page load, so
 * the modal never lands on a form being filled in. Module state is safe here: EntryWarning renders only in the browser
 * (ClientOnly), one visitor per page load.
 */
let chosenAtEntry: Settings['geoip_selected_country'] | undefined;

/**
 * Shows the entry warning over a page of `layout` when entryWarningDue says so, first of the prompts (prompts.ts);
 * accepting it is remembered.
 */
export function EntryWarning({ layout }: { layout: LayoutName }) {
  const { user, settings } = useSnapshot(session);
  const [dismissed, setDismissed] = useState(() => dismissedAt(ENTRY_WARNING_KEY) !== null);
  if (settings && chosenAtEntry === undefined) chosenAtEntry = settings.geoip_selected_country;
  const atEntry = settings && { ...settings, geoip_selected_country: chosenAtEntry ?? null };
  const due = entryWarningDue({ loggedIn: user !== null, standalone: isStandalone(), settings: atEntry, layout, dismissed });
  if (!usePromptTurn('entry-warning', due)) return null;
  return (
    <Suspense fallback={null}>
      <EntryWarningModal
        onAccept={() => {
          storeDismissal(ENTRY_WARNING_KEY);
          setDismissed(true);
        }}
      />
    </Suspense>
  );
}
