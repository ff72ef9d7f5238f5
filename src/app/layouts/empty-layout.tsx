import type { ReactNode } from 'react';
import { OfflineIndicator } from '../../pwa/offline-indicator.tsx';
import { SignupModalHost } from './signup-modal-host.tsx';

/** Spec 2 empty layout: the screen alone, plus the signup modal. */
export default function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <OfflineIndicator />
      <main id="main" className="layout-empty">
        {children}
      </main>
      <SignupModalHost />
    </>
  );
}
