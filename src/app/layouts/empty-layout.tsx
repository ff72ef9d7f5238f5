import type { ReactNode } from 'react';
import { SignupModalHost } from './signup-modal-host.tsx';

/** Spec 2 empty layout: the screen alone, plus the signup modal. */
export default function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <main id="main" className="layout-empty">
        {children}
      </main>
      <SignupModalHost />
    </>
  );
}
