// A number badge capped at "99+" with a text alternative (spec 2 and 9: unread and likes badges).

/** Spec 9: badges cap at 99+. */
const BADGE_CAP = 99;

/** "7", or "99+" above the cap. */
export function formatBadgeCount(count: number, cap = BADGE_CAP): string {
  return count > cap ? `${cap}+` : String(count);
}

export interface CountBadgeProps {
  count: number;
  /** What screen readers hear instead of the digits, e.g. "3 unread messages". */
  label: string;
  /** Bootstrap colour name of the badge background. */
  bg?: 'primary' | 'secondary' | 'danger' | 'warning' | 'dark' | 'light';
  cap?: number;
  /** Show the badge at 0 too (the credits badge does). */
  showZero?: boolean;
  className?: string;
}

/** A pill badge; renders nothing at 0 unless `showZero`. The digits are hidden from screen readers, `label` is read. */
export function CountBadge({ count, label, bg = 'primary', cap = BADGE_CAP, showZero = false, className = '' }: CountBadgeProps) {
  if (count <= 0 && !showZero) return null;
  return (
    <span className={`badge rounded-pill text-bg-${bg} count-badge ${className}`}>
      <span aria-hidden="true">{formatBadgeCount(count, cap)}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
