import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { MouseEvent } from 'react';
import { logout } from '../../features/account/session-store.ts';

/**
 * Spec 2: the account dropdown (my profile, settings, logout). The toggle's accessible name is "Account".
 * "My profile" opens /profile, where the member edits the profile, location and photos;
 * "Settings" opens /settings (password, and the way to the notification settings).
 */
export function AccountMenu({ name }: { name: string }) {
  const profileHref = '/profile';
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const go = (href: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(href);
  };
  return (
    <Dropdown as="li" align="end" className="nav-item account-menu">
      <Dropdown.Toggle
        variant="link"
        className="nav-link d-flex align-items-center gap-2"
        id="account-menu-toggle"
        aria-label={t('nav.account')}
      >
        <span className="avatar-initial" aria-hidden="true">
          {name.slice(0, 1).toUpperCase() || '?'}
        </span>
        <span className="account-name" aria-hidden="true">
          {name}
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu role="menu" aria-labelledby="account-menu-toggle">
        <Dropdown.Item href={profileHref} role="menuitem" onClick={go(profileHref)}>
          {t('nav.myProfile')}
        </Dropdown.Item>
        <Dropdown.Item href="/settings" role="menuitem" onClick={go('/settings')}>
          {t('nav.settings')}
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as="button" type="button" role="menuitem" onClick={() => void logout()}>
          {t('nav.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
