import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

/** A navbar link that marks itself current (aria-current="page") on its own path and the paths below it. */
export function NavLink({
  href,
  children,
  className = '',
  onClick,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
}) {
  const [location] = useLocation();
  const active = location === href || location.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      className={`nav-link ${active ? 'active' : ''} ${className}`}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}
