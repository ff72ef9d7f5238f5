import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { session } from '../account/session-store.ts';
import { FictionalBadge } from '../../ui/fictional-badge.tsx';

/** The visible notice on a fictional member's profile and chat, naming the site's term for such a profile. */
export function FictionalWarning({ name, className = '' }: { name: string; className?: string }) {
  const { t } = useTranslation('members');
  const settings = useSnapshot(session).settings;
  const singular = settings?.fictional_singular || t('fictional.singular');
  return (
    <div className={`alert alert-warning d-flex align-items-start gap-2 small mb-0 ${className}`}>
      <FictionalBadge size={18} className="mt-1" />
      <span>{t('fictional.warning', { name, singular })}</span>
    </div>
  );
}
