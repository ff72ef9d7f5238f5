import { Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { signupModal } from '../../features/account/signup-modal-store.ts';
import { usePromptTurn } from '../prompts.ts';
import { lazyPart } from '../lazy-screen.ts';

const SignupModal = lazyPart(() => import('../../features/account/signup-modal.tsx'));

/** Holds the signup modal of spec 2, shown when open and its turn among the prompts comes; its code loads the first time it opens. */
export function SignupModalHost() {
  const { open } = useSnapshot(signupModal);
  const turn = usePromptTurn('signup-modal', open);
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
