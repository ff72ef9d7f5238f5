import { Suspense, useEffect, useState } from 'react';
import Navbar from 'react-bootstrap/Navbar';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { session } from '../../features/account/session-store.ts';
import { openSignupModal } from '../../features/account/signup-modal-store.ts';
import { BackButton } from '../../pwa/back-button.tsx';
import { InstallButton } from '../../pwa/install-button.tsx';
import { OfflineIndicator } from '../../pwa/offline-indicator.tsx';
import { CountBadge } from '../../ui/count-badge.tsx';
import { AccountMenu } from './account-menu.tsx';
import { ChatIcon, CoinIcon, HeartIcon, SearchIcon, StarIcon } from './icons.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { NavLink } from './nav-link.tsx';
import { SiteBrand } from './site-brand.tsx';
import { lazyPart } from '../lazy-screen.ts';

/** Spec 2/9: the credits badge shows the balance only at 10 or fewer. */
const CREDITS_BADGE_MAX = 10;

// The badges read Dexie: loaded for members only, after the nav has painted (they show nothing at 0 meanwhile).
const UnreadBadge = lazyPart(() => import('./nav-count-badges.tsx').then((m) => ({ default: m.UnreadBadge })));
const NewLikesBadge = lazyPart(() => import('./nav-count-badges.tsx').then((m) => ({ default: m.NewLikesBadge })));

/** Messages and likes with their badges: outside the hamburger, so they stay visible on phones (spec 2). */
function MemberQuickLinks() {
  const { t } = useTranslation();
  return (
    <ul className="navbar-nav nav-quick">
      <li className="nav-item">
        <NavLink href="/members">
          <SearchIcon />
          <span className="nav-label">{t('nav.searchMembers')}</span>
        </NavLink>
      </li>
      <li className="nav-item">
        <NavLink href="/chats">
          <ChatIcon />
          <span className="nav-label">{t('nav.messages')}</span>
          <Suspense fallback={null}>
            <UnreadBadge />
          </Suspense>
        </NavLink>
      </li>
      <li className="nav-item">
        <NavLink href="/likes">
          <HeartIcon />
          <span className="nav-label">{t('nav.likes')}</span>
          <Suspense fallback={null}>
            <NewLikesBadge />
          </Suspense>
        </NavLink>
      </li>
    </ul>
  );
}

/** Credits for paid users (badge at 10 or fewer: warning above 0, danger at 0), else Get Premium. */
function CreditsLink({ paid, credits }: { paid: boolean; credits: number }) {
  const { t } = useTranslation();
  if (!paid) {
    return (
      <Link href="/premium" className="btn btn-secondary btn-sm nav-premium">
        <StarIcon />
        <span className="ms-1">{t('nav.getPremium')}</span>
      </Link>
    );
  }
  return (
    <NavLink href="/credits">
      <CoinIcon />
      <span className="ms-1">{t('nav.credits')}</span>
      {credits <= CREDITS_BADGE_MAX && (
        <CountBadge
          count={credits}
          showZero
          bg={credits > 0 ? 'warning' : 'danger'}
          label={t('nav.creditsBalance', { count: credits })}
        />
      )}
    </NavLink>
  );
}

/** Top navigation of the default layout (spec 2). Collapses to a hamburger below 768 px. */
export function TopNav() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const [location] = useLocation();
  const [expanded, setExpanded] = useState(false);
  useEffect(() => setExpanded(false), [location]);

  // collapseOnSelect: a choice in a menu of the hamburger (a language, which changes no route) also folds it.
  return (
    <Navbar
      as="header"
      role="banner"
      expand="md"
      variant="dark"
      className="top-nav"
      expanded={expanded}
      onToggle={setExpanded}
      collapseOnSelect
    >
      <nav className="container" aria-label={t('nav.main')}>
        <BackButton />
        <SiteBrand href={user ? '/members' : '/'} />
        {user ? (
          <>
            <MemberQuickLinks />
            <Navbar.Toggle aria-controls="top-nav-menu" label={t('nav.menu')} />
            <Navbar.Collapse id="top-nav-menu">
              <ul className="navbar-nav ms-auto align-items-md-center gap-md-1">
                <li className="nav-item">
                  <CreditsLink paid={user.paid_user} credits={user.credits} />
                </li>
                <InstallButton look="nav" />
                <LanguageMenu />
                <AccountMenu name={user.profile.name} />
              </ul>
            </Navbar.Collapse>
          </>
        ) : (
          <ul className="navbar-nav flex-row ms-auto align-items-center gap-1 gap-sm-2">
            <InstallButton look="button" />
            <LanguageMenu compact />
            <li className="nav-item">
              <Link href="/login" className="btn btn-outline-light btn-sm">
                {t('nav.login')}
              </Link>
            </li>
            <li className="nav-item d-none d-sm-block">
              <Link
                href="/signup"
                className="btn btn-secondary btn-sm"
                onClick={(event) => {
                  // The signup modal (spec 2) is quicker than a page change; /signup itself needs neither.
                  event.preventDefault();
                  if (location !== '/signup') openSignupModal();
                }}
              >
                {t('nav.signup')}
              </Link>
            </li>
          </ul>
        )}
      </nav>
      <OfflineIndicator />
    </Navbar>
  );
}
