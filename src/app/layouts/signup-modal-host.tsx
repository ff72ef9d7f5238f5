import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { signupModal } from '../../features/account/signup-modal-store.ts';
import { usePromptTurn } from '../prompts.ts';

const SignupModal = lazy(() => import('../../features/account/signup-modal.tsx'));

/** Holds the signup modal of spec 2, shown when open and its turn among the prompts comes; its code loads the first time it opens. */
export function SignupModalHost() {
  const { open, inProgress } = useSnapshot(signupModal);
  // A signup under way keeps the screen (choosing a country can make the entry warning due meanwhile).
  const turn = usePromptTurn('signup-modal', open, inProgress);
  const [loaded, setLoaded] = useState(open);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal show={turn} />
    </Suspense>
  );
}
