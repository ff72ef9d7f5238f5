import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from '../../app/error-page.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { errorText } from '../../i18n/error-text.ts';
import { ContentArticle } from './content-article.tsx';
import { useContentBlock } from './use-content-block.ts';
import './pages.scss';

/** The path's last segment, decoded ("" when it is not valid percent-encoding: no block has that token). */
function tokenOf(path: string): string {
  try {
    return decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');
  } catch {
    return '';
  }
}

/**
 * The static pages of spec 2 (/pages/terms, privacy, cookies, ban, return-policy, faq, service) and the `{token}`
 * route: the content block named by the path's last segment. An unknown token shows the 404 page (spec 8).
 */
export default function ContentScreen() {
  const [location] = useLocation();
  const token = tokenOf(location);
  const view = useContentBlock(token);
  const { t } = useTranslation(['pages', 'errors']);
  usePageTitle(view.state === 'ready' ? view.block.title : null);
  if (view.state === 'not-found') return <ErrorPage notFound />;
  return (
    <div className="container py-3 py-md-4 content-page">
      {view.state === 'loading' && <p role="status">{t('pages:loading')}</p>}
      {view.state === 'error' && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="flex-grow-1">{t('pages:loadFailed', { error: errorText(view.error, { t }) })}</span>
          <button type="button" className="btn btn-sm btn-outline-danger rounded-pill px-3" onClick={view.retry}>
            {t('pages:retry')}
          </button>
        </div>
      )}
      {view.state === 'ready' && <ContentArticle block={view.block} />}
    </div>
  );
}
