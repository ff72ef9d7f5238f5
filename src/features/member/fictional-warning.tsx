import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { session } from '../account/session-store.ts';
import { FictionalBadge } from '../../ui/fictional-badge.tsx';

/** The visible notice on a fictional member's profile and chat (`compact`: one short line), naming the site's term for such a profile. */
export function FictionalWarning({
  name,
  compact = false,
  className = '',
}: {
  name: string;
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('members');
  const settings = useSnapshot(session).settings;
  const singular = settings?.fictional_singular || t('fictional.singular');
  return (
    <div
      className={`alert alert-warning d-flex gap-2 small mb-0 ${compact ? 'align-items-center py-2 px-3' : 'align-items-start'} ${className}`}
    >
      <FictionalBadge size={18} className={compact ? '' : 'mt-1'} />
      <span>{t(compact ? 'fictional.short' : 'fictional.warning', { name, singular })}</span>
    </div>
  );
}
