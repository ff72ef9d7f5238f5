import { useTranslation } from 'react-i18next';

/** Settings: download a copy of one's data (GDPR Art. 15/20) as a ZIP from GET /api/export.php. */
export function DataExport() {
  const { t } = useTranslation('account');
  return (
    <section aria-labelledby="export-heading">
      <h2 id="export-heading" className="h5 fw-bold mb-1">
        {t('export.title')}
      </h2>
      <p className="text-body-secondary small">{t('export.lead')}</p>
      <a href="/api/export.php" download className="btn btn-outline-primary">
        {t('export.download')}
      </a>
    </section>
  );
}
