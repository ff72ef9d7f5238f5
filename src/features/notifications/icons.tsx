// Inline icons of the notification settings (Bootstrap Icons paths, MIT); decorative only.

type P = { size?: number; className?: string };

const svg = (d: string, { size = 16, className = '' }: P) => (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    width={size}
    height={size}
    fill="currentColor"
    viewBox="0 0 16 16"
    aria-hidden="true"
    focusable="false"
    className={className}
  >
    <path d={d} />
  </svg>
);

/** Filled bell (push notifications). */
export const BellIcon = (p: P) =>
  svg(
    'M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2m.995-14.901a1 1 0 1 0-1.99 0A5 5 0 0 0 3 6c0 1.098-.5 6-2 7h14c-1.5-1-2-5.902-2-7 0-2.42-1.72-4.44-4.005-4.901',
    p,
  );
/** Envelope (e-mail notifications). */
export const EnvelopeIcon = (p: P) =>
  svg(
    'M0 4a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2zm2-1a1 1 0 0 0-1 1v.217l7 4.2 7-4.2V4a1 1 0 0 0-1-1zm13 2.383-4.708 2.825L15 11.105zm-.034 6.876-5.64-3.471L8 9.583l-1.326-.795-5.64 3.47A1 1 0 0 0 2 13h12a1 1 0 0 0 .966-.741M1 11.105l4.708-2.897L1 5.383z',
    p,
  );
