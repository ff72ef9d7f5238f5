import { useTranslation } from 'react-i18next';
import { useResendActivation } from '../account/use-resend-activation.ts';

/**
 * Above the composer of a member whose e-mail address is not confirmed (spec 8: "Unconfirmed e-mail: the other party
 * cannot reply"): their messages wait until they confirm, with the way to get the link again.
 */
export function UnconfirmedNotice() {
  const { t } = useTranslation(['chat', 'account', 'errors']);
  const { state, resend } = useResendActivation();
  return (
    <div className="container pt-2" style={{ maxWidth: 820 }}>
      <div className="alert alert-warning py-2 px-3 mb-0 small d-flex flex-wrap align-items-center gap-2" role="status">
        <span className="flex-grow-1">{t('unconfirmed')}</span>
        {state === 'sent' ? (
          <span className="fw-semibold">{t('account:reminder.sent')}</span>
        ) : (
          <button type="button" className="btn btn-sm btn-outline-dark" disabled={state === 'busy'} onClick={() => void resend()}>
            {t('account:reminder.resend')}
          </button>
        )}
        {state !== 'idle' && state !== 'busy' && state !== 'sent' && (
          <span className="text-danger w-100" role="alert">
            {state}
          </span>
        )}
      </div>
    </div>
  );
}
