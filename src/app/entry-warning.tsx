// Spec 1: the adults-only entry warning. Loaded only when due: most page views never need the modal's code.
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../features/account/session-store.ts';
import { isStandalone } from '../pwa/standalone.ts';
import { dismissedAt, storeDismissal } from '../ui/dismissal.ts';
import { ENTRY_WARNING_KEY, entryWarningDue } from './entry-warning-rules.ts';
import { usePromptTurn } from './prompts.ts';
import type { LayoutName } from './routes.ts';

const EntryWarningModal = lazy(() => import('./entry-warning-modal.tsx'));

/**
 * Shows the entry warning over a page of `layout` when entryWarningDue says so, first of the prompts (prompts.ts);
 * accepting it is remembered.
 */
export function EntryWarning({ layout }: { layout: LayoutName }) {
  const { user, settings } = useSnapshot(session);
  const [dismissed, setDismissed] = useState(() => dismissedAt(ENTRY_WARNING_KEY) !== null);
  const due = entryWarningDue({ loggedIn: user !== null, standalone: isStandalone(), settings, layout, dismissed });
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
