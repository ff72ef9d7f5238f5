import { i18next } from '../i18n/index.ts';

/**
 * Spec 8: when even the error page fails: "An error occurred while showing the error page", the
 * details and a plain link "Go back to home". No hooks, no router: it must render on its own.
 */
export function FatalError({ error }: { error: unknown }) {
  const t = (key: string, fallback: string) => (i18next.isInitialized ? i18next.t(key, { defaultValue: fallback }) : fallback);
  return (
    <section className="error-page container text-center" aria-labelledby="fatal-heading">
      <h1 id="fatal-heading" className="h4 mb-3">
        {t('errorPage.boundaryFailed', 'An error occurred while showing the error page')}
      </h1>
      <pre className="mail-text text-start">{error instanceof Error ? error.message : String(error)}</pre>
      <a href="/" className="btn btn-primary">
        {t('errorPage.goHome', 'Go back to home')}
      </a>
    </section>
  );
}
