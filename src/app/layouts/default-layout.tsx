import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IosInstallHint } from '../../pwa/ios-install-hint.tsx';
import { PushAlert } from '../../pwa/push-alert.tsx';
import { NewLikeHost } from '../../features/likes/new-like-host.tsx';
import { LikeModalHost } from '../../features/like-modal/like-modal-host.tsx';
import { DisabledNotificationsAlert } from '../../features/notifications/disabled-notifications-alert.tsx';
import { AccountAlerts } from '../../features/account/account-alerts.tsx';
import { OfferBanner } from '../../features/offers/offer-banner.tsx';
import { OfferPopup } from '../../features/offers/offer-popup.tsx';
import { Disclaimer, Footer } from './footer.tsx';
import { SignupModalHost } from './signup-modal-host.tsx';
import { TopNav } from './top-nav.tsx';
import { ClientOnly } from '../hydrated.tsx';
import './layout.scss';

/** Spec 2 default layout: top navigation, warnings header, footer, disclaimer, signup modal. */
export default function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="layout-default">
      <a href="#main" className="skip-link">
        {t('generic.skipToContent')}
      </a>
      <TopNav />
      {/* Warnings header: the alerts of spec 2 (they depend on this device: not in the server's render). */}
      <ClientOnly>
        <AccountAlerts />
        <PushAlert />
        <NewLikeHost />
        <DisabledNotificationsAlert />
      </ClientOnly>
      <main id="main" className="layout-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <Disclaimer />
      {/* Spec 2, 4: the time-bonus banner and popup (or the welcome discount's) in the members area. */}
      <ClientOnly>
        <OfferBanner />
        <OfferPopup />
        <SignupModalHost />
        {/* Spec 2: the like modal after `t` seconds. */}
        <LikeModalHost />
        <IosInstallHint />
      </ClientOnly>
    </div>
  );
}
