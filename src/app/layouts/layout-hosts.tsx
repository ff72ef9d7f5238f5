// The default layout's device-dependent parts (spec 2: the warnings header, the offer popup, the signup and like
// modals, the iOS install hint). They render only after hydration, so they load as a chunk of their own,
// evaluated after the page's first render instead of with the layout (docs/perf.md, "Server rendering").
import { IosInstallHint } from '../../pwa/ios-install-hint.tsx';
import { PushAlert } from '../../pwa/push-alert.tsx';
import { NewLikeHost } from '../../features/likes/new-like-host.tsx';
import { LikeModalHost } from '../../features/like-modal/like-modal-host.tsx';
import { DisabledNotificationsAlert } from '../../features/notifications/disabled-notifications-alert.tsx';
import { AccountAlerts } from '../../features/account/account-alerts.tsx';
import { OfferPopup } from '../../features/offers/offer-popup.tsx';
import { SignupModalHost } from './signup-modal-host.tsx';

/** Spec 2: the warnings header (account, push, new likes, disabled notifications), above the page's content. */
export function WarningsHeader() {
  return (
    <>
      <AccountAlerts />
      <PushAlert />
      <NewLikeHost />
      <DisabledNotificationsAlert />
    </>
  );
}

/** Spec 2, 4: the time-bonus popup (or the welcome discount's), the signup modal, the like modal after `t` seconds and
 * the iOS install hint, over the page (the offer banner is drawn with the page: default-layout.tsx). */
export function LayoutOverlays() {
  return (
    <>
      <OfferPopup />
      <SignupModalHost />
      <LikeModalHost />
      <IosInstallHint />
    </>
  );
}
