import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';

/** The offer could not be loaded: why, and "Try again". */
export function OfferError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['payments', 'errors']);
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="flex-grow-1">{t('credits.loadFailed', { error: errorText(error, { t }) })}</span>
      <button type="button" className="btn btn-sm btn-outline-danger rounded-pill px-3" onClick={onRetry}>
        {t('credits.retry')}
      </button>
    </div>
  );
}
