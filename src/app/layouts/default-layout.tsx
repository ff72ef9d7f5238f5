import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Disclaimer, Footer } from './footer.tsx';
import { TopNav } from './top-nav.tsx';
import { ClientOnly } from '../hydrated.tsx';
import { OfferBanner } from '../../features/offers/offer-banner.tsx';
import { lazyPart } from '../lazy-screen.ts';
import './layout.scss';

// Device-dependent, rendered after hydration: a chunk of their own (layout-hosts.tsx).
const WarningsHeader = lazyPart(() => import('./layout-hosts.tsx').then((m) => ({ default: m.WarningsHeader })));
const LayoutOverlays = lazyPart(() => import('./layout-hosts.tsx').then((m) => ({ default: m.LayoutOverlays })));

/** Spec 2 default layout: top navigation, warnings header, footer, disclaimer, signup modal. */
export default function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="layout-default">
      <a href="#main" className="skip-link">
        {t('generic.skipToContent')}
      </a>
      <TopNav />
      <OfferBanner />
      {/* Warnings header: the alerts of spec 2 (they depend on this device: not in the server's render). */}
      <ClientOnly>
        <Suspense fallback={null}>
          <WarningsHeader />
        </Suspense>
      </ClientOnly>
      <main id="main" className="layout-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <Disclaimer />
      <ClientOnly>
        <Suspense fallback={null}>
          <LayoutOverlays />
        </Suspense>
      </ClientOnly>
    </div>
  );
}
