import type { ReactNode } from 'react';

/** Spec 2 chat layout: the conversation fills the screen; the screen draws its own header. */
export default function ChatLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="layout-chat">
      {children}
    </main>
  );
}
