import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { HeartFillIcon, SearchIcon } from './icons.tsx';

/** Links from the member search to the swipe game and the match finder (spec 2), for logged-in members. */
export function DiscoveryLinks() {
  const { t } = useTranslation('discovery');
  return (
    <nav aria-label={t('entry.label')}>
      <ul className="list-unstyled d-flex gap-2 mb-0">
        <li>
          <Link href="/swipe-game" className="btn btn-sm btn-outline-primary rounded-pill d-inline-flex align-items-center gap-1">
            <HeartFillIcon size={14} />
            {t('entry.swipe')}
          </Link>
        </li>
        <li>
          <Link
            href="/match-finder"
            className="btn btn-sm btn-outline-primary rounded-pill d-inline-flex align-items-center gap-1"
          >
            <SearchIcon size={14} />
            {t('entry.matchFinder')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
