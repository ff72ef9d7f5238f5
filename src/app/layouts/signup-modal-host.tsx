import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { signupModal } from '../../features/account/signup-modal-store.ts';

const SignupModal = lazy(() => import('../../features/account/signup-modal.tsx'));

/** Holds the signup modal of spec 2; its code loads the first time it opens. */
export function SignupModalHost() {
  const { open } = useSnapshot(signupModal);
  const [loaded, setLoaded] = useState(open);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal />
    </Suspense>
  );
}
