import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';

/**
 * A load failed: why (under `message`, default the offer's "The bundles could not be loaded: …"), and "Try again".
 */
export function LoadError({
  error,
  onRetry,
  message = 'credits.loadFailed',
}: {
  error: unknown;
  onRetry: () => void;
  message?: 'credits.loadFailed' | 'transactions.loadFailed';
}) {
  const { t } = useTranslation(['payments', 'errors']);
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="flex-grow-1">{t(message, { error: errorText(error, { t }) })}</span>
      <button type="button" className="btn btn-sm btn-outline-danger rounded-pill px-3" onClick={onRetry}>
        {t('credits.retry')}
      </button>
    </div>
  );
}
