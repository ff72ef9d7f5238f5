import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SmsOutboxResponse } from '../../../contract/index.ts';
import { api, ApiCallError } from '../../api/client.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { errorText } from '../../i18n/error-text.ts';
import './payments.scss';

/** /dev/sms: the text messages the embedded SMS service kept (the direct-debit codes), like the dev mailbox. */
export default function DevSmsScreen() {
  const { t, i18n } = useTranslation(['payments', 'errors']);
  usePageTitle(t('devSms.title'));
  const [messages, setMessages] = useState<SmsOutboxResponse['messages'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setMessages((await api('/api/dev-sms.php', SmsOutboxResponse)).messages);
      setError(null);
    } catch (err) {
      setError(err instanceof ApiCallError && err.status === 404 ? t('devSms.unavailable') : errorText(err, { t }));
    } finally {
      setLoading(false);
    }
  }, [t]);
  useEffect(() => void load(), [load]);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <section className="container py-3 py-md-4 payments" style={{ maxWidth: 720 }} aria-labelledby="sms-heading">
      <div className="d-flex align-items-center justify-content-between gap-3 mb-2">
        <h1 id="sms-heading" className="h3 fw-bold mb-0">
          {t('devSms.title')}
        </h1>
        <button type="button" className="btn btn-outline-dark btn-sm" onClick={() => void load()} disabled={loading}>
          {t('devSms.refresh')}
        </button>
      </div>
      <p className="text-body-secondary">{t('devSms.lead')}</p>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {messages?.length === 0 && <p>{t('devSms.empty')}</p>}
      {messages && messages.length > 0 && (
        <ol className="payment-list list-unstyled">
          {messages.map((m) => (
            <li key={m.id} className="card border-0 shadow-sm rounded-3 p-3">
              <p className="small text-body-secondary mb-1">
                {t('devSms.to', { to: m.to })} · <time dateTime={m.created_at}>{date.format(new Date(m.created_at))}</time>
              </p>
              <p className="mb-0">{m.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
