import type { ReactNode } from 'react';
import { OfflineIndicator } from '../../pwa/offline-indicator.tsx';

/** Spec 2 chat layout: the conversation fills the screen; the screen draws its own header. */
export default function ChatLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="layout-chat">
      <OfflineIndicator />
      {children}
    </main>
  );
}
