// The page's side of the route table (src/app/routes.ts): the lazy component of each layout and screen module it names,
// with preload() so the entry can fetch the first route's chunks in parallel with the boot calls.
import type { ReactNode } from 'react';
import { lazyScreen, type PreloadableComponent } from './lazy-screen.ts';
import { findRoute, type AppRoute, type LayoutName, type ScreenModule } from './routes.ts';

/** The lazy layouts, by name (their modules: LAYOUT_MODULES). boot.tsx preloads the first route's layout and screen. */
export const layouts: Record<LayoutName, PreloadableComponent<{ children: ReactNode }>> = {
  default: lazyScreen(() => import('./layouts/default-layout.tsx')),
  chat: lazyScreen(() => import('./layouts/chat-layout.tsx')),
  lander: lazyScreen(() => import('./layouts/lander-layout.tsx')),
  empty: lazyScreen(() => import('./layouts/empty-layout.tsx')),
};

/** The lazy screens, by the module each loads (src/app/routes.test.ts checks that each loads the module it is under). */
const screens: Record<ScreenModule, PreloadableComponent<object>> = {
  'src/features/home/home-screen.tsx': lazyScreen(() => import('../features/home/home-screen.tsx')),
  'src/features/account/login-screen.tsx': lazyScreen(() => import('../features/account/login-screen.tsx')),
  'src/features/account/signup-screen.tsx': lazyScreen(() => import('../features/account/signup-screen.tsx')),
  'src/features/account/activate-done-screen.tsx': lazyScreen(() => import('../features/account/activate-done-screen.tsx')),
  'src/features/account/activate-error-screen.tsx': lazyScreen(() => import('../features/account/activate-error-screen.tsx')),
  'src/features/account/dev-mailbox-screen.tsx': lazyScreen(() => import('../features/account/dev-mailbox-screen.tsx')),
  'src/features/members/members-screen.tsx': lazyScreen(() => import('../features/members/members-screen.tsx')),
  'src/features/member/member-screen.tsx': lazyScreen(() => import('../features/member/member-screen.tsx')),
  'src/features/chat/chat-screen.tsx': lazyScreen(() => import('../features/chat/chat-screen.tsx')),
  'src/features/chat/chats-screen.tsx': lazyScreen(() => import('../features/chat/chats-screen.tsx')),
  'src/features/likes/likes-screen.tsx': lazyScreen(() => import('../features/likes/likes-screen.tsx')),
  'src/features/account/reset-password-screen.tsx': lazyScreen(() => import('../features/account/reset-password-screen.tsx')),
  'src/features/account/reset-password-do-screen.tsx': lazyScreen(
    () => import('../features/account/reset-password-do-screen.tsx'),
  ),
  'src/features/account/mail-change-do-screen.tsx': lazyScreen(() => import('../features/account/mail-change-do-screen.tsx')),
  'src/features/account/account-deleted-screen.tsx': lazyScreen(() => import('../features/account/account-deleted-screen.tsx')),
  'src/features/complaints/complaints-screen.tsx': lazyScreen(() => import('../features/complaints/complaints-screen.tsx')),
  'src/features/settings/settings-screen.tsx': lazyScreen(() => import('../features/settings/settings-screen.tsx')),
  'src/features/profile/profile-screen.tsx': lazyScreen(() => import('../features/profile/profile-screen.tsx')),
  'src/features/notifications/notifications-screen.tsx': lazyScreen(
    () => import('../features/notifications/notifications-screen.tsx'),
  ),
  'src/features/payments/credits-screen.tsx': lazyScreen(() => import('../features/payments/credits-screen.tsx')),
  'src/features/payments/pay-screen.tsx': lazyScreen(() => import('../features/payments/pay-screen.tsx')),
  'src/features/payments/repeat-order-screen.tsx': lazyScreen(() => import('../features/payments/repeat-order-screen.tsx')),
  'src/features/payments/premium-screen.tsx': lazyScreen(() => import('../features/payments/premium-screen.tsx')),
  'src/features/payments/pricing-screen.tsx': lazyScreen(() => import('../features/payments/pricing-screen.tsx')),
  'src/features/onboarding/complete-signup-screen.tsx': lazyScreen(
    () => import('../features/onboarding/complete-signup-screen.tsx'),
  ),
  'src/features/onboarding/signup-matches-screen.tsx': lazyScreen(
    () => import('../features/onboarding/signup-matches-screen.tsx'),
  ),
  'src/features/language/lang-config-screen.tsx': lazyScreen(() => import('../features/language/lang-config-screen.tsx')),
  'src/features/payments/transactions-screen.tsx': lazyScreen(() => import('../features/payments/transactions-screen.tsx')),
  'src/features/payments/directdebit-screen.tsx': lazyScreen(() => import('../features/payments/directdebit-screen.tsx')),
  'src/features/payments/dev-sms-screen.tsx': lazyScreen(() => import('../features/payments/dev-sms-screen.tsx')),
  'src/features/pages/content-screen.tsx': lazyScreen(() => import('../features/pages/content-screen.tsx')),
  'src/features/swipe/swipe-game-screen.tsx': lazyScreen(() => import('../features/swipe/swipe-game-screen.tsx')),
  'src/features/match-finder/match-finder-screen.tsx': lazyScreen(
    () => import('../features/match-finder/match-finder-screen.tsx'),
  ),
  'src/features/landers/tinderswipe-lander.tsx': lazyScreen(() => import('../features/landers/tinderswipe-lander.tsx')),
  'src/features/landers/alonetonight-lander.tsx': lazyScreen(() => import('../features/landers/alonetonight-lander.tsx')),
  'src/features/landers/collage-lander.tsx': lazyScreen(() => import('../features/landers/collage-lander.tsx')),
  'src/features/landers/gallery-lander.tsx': lazyScreen(() => import('../features/landers/gallery-lander.tsx')),
  'src/features/landers/icons-lander.tsx': lazyScreen(() => import('../features/landers/icons-lander.tsx')),
  'src/features/landers/map-lander.tsx': lazyScreen(() => import('../features/landers/map-lander.tsx')),
  'src/features/landers/social-lander.tsx': lazyScreen(() => import('../features/landers/social-lander.tsx')),
  'src/features/landers/transitions-lander.tsx': lazyScreen(() => import('../features/landers/transitions-lander.tsx')),
  'src/features/landers/video-lander.tsx': lazyScreen(() => import('../features/landers/video-lander.tsx')),
  'src/features/landers/member-landing-screen.tsx': lazyScreen(() => import('../features/landers/member-landing-screen.tsx')),
  'src/features/landers/member-signup-screen.tsx': lazyScreen(() => import('../features/landers/member-signup-screen.tsx')),
  'src/app/not-found-screen.tsx': lazyScreen(() => import('./not-found-screen.tsx')),
};

/** The lazy component of `route`'s screen. */
export const screenOf = (route: AppRoute): PreloadableComponent<object> => screens[route.screen];

/** Starts loading the layout and screen chunks of `path`, so they arrive while the boot calls run. */
export function preloadRoute(path: string): void {
  const route = findRoute(path);
  void layouts[route.layout].preload().catch(() => {});
  void screenOf(route)
    .preload()
    .catch(() => {});
}
