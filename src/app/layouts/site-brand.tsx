import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { session } from '../../features/account/session-store.ts';

/** Logo and site name, linking home. */
export function SiteBrand({ href = '/' }: { href?: string }) {
  const { settings } = useSnapshot(session);
  const { t } = useTranslation();
  const name = settings?.name || t('nav.home');
  return (
    <Link href={href} className="navbar-brand site-brand">
      <img src="/icons/logo.svg" width="32" height="32" alt="" />
      <span translate="no">{name}</span>
    </Link>
  );
}
