import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/error-text.ts';
import { usePageTitle } from './page-title.ts';

/**
 * Spec 8 generic error page: 404 says "This page could not be found" with a link back home; other
 * errors show their translated message (default "Error").
 */
export function ErrorPage({ error, notFound = false }: { error?: unknown; notFound?: boolean }) {
  const { t } = useTranslation();
  const heading = notFound ? t('errorPage.notFound') : error ? errorText(error, { t }) : t('errorPage.error');
  usePageTitle(heading);
  return (
    <section className="error-page container text-center" aria-labelledby="error-heading">
      <p className="error-page-code" aria-hidden="true">
        {notFound ? '404' : '!'}
      </p>
      <h1 id="error-heading" className="h3 mb-4">
        {heading}
      </h1>
      <Link href="/" className="btn btn-primary">
        {t('errorPage.backHome')}
      </Link>
    </section>
  );
}
