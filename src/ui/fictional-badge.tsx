import { useTranslation } from 'react-i18next';

/** Path of the site's fictional-profile icon (public/icons). */
const FICTIONAL_ICON = '/icons/fictional.svg';

/**
 * The fictional-profile icon with the accessible name "Fictional profile" (also its tooltip).
 * `size` in CSS pixels; `className` places it (e.g. on a photo).
 */
export function FictionalBadge({ size = 20, className = '' }: { size?: number; className?: string }) {
  const { t } = useTranslation('members');
  const label = t('fictional.label');
  return (
    <img src={FICTIONAL_ICON} alt={label} title={label} width={size} height={size} className={`flex-shrink-0 ${className}`} />
  );
}
