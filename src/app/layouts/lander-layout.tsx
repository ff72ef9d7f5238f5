import type { ReactNode } from 'react';
import { OfflineIndicator } from '../../pwa/offline-indicator.tsx';
import { Disclaimer, Footer } from './footer.tsx';
import { SignupModalHost } from './signup-modal-host.tsx';
import { SiteBrand } from './site-brand.tsx';
import './layout.scss';

/** Spec 2 lander layout: logo bar, footer, disclaimer; and the signup modal the landers' calls to action open. */
export default function LanderLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout-lander">
      <header className="lander-bar">
        <div className="container">
          <SiteBrand />
        </div>
      </header>
      <OfflineIndicator />
      <main id="main" className="layout-main">
        {children}
      </main>
      <Footer />
      <Disclaimer />
      <SignupModalHost />
    </div>
  );
}
