import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MailboxResponse, type Mail } from '../../../contract/index.ts';
import { api, ApiCallError } from '../../api/client.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { errorText } from '../../i18n/error-text.ts';
import { linkify } from './linkify.tsx';
import './account.scss';

/**
 * /dev/mailbox: the mails the embedded mail service kept (DESIGN: mail without set-up). Shows the text
 * part only, with its links clickable; the HTML part is never injected into the page.
 */
export default function DevMailboxScreen() {
  const { t, i18n } = useTranslation(['account', 'errors']);
  const [mails, setMails] = useState<Mail[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  usePageTitle(t('mailbox.title'));

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { mails } = await api('/api/dev-mailbox.php', MailboxResponse);
      setMails(mails);
      setError(null);
    } catch (err) {
      setError(err instanceof ApiCallError && err.status === 404 ? t('mailbox.unavailable') : errorText(err, { t }));
    } finally {
      setLoading(false);
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className="container page-section" aria-labelledby="mailbox-heading">
      <div className="d-flex align-items-center justify-content-between gap-3 mb-3">
        <h1 id="mailbox-heading" className="h3 mb-0">
          {t('mailbox.title')}
        </h1>
        <button type="button" className="btn btn-outline-dark btn-sm" onClick={() => void load()} disabled={loading}>
          {t('mailbox.refresh')}
        </button>
      </div>
      <p className="text-muted">{t('mailbox.lead')}</p>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {mails && mails.length === 0 && <p className="empty-state">{t('mailbox.empty')}</p>}
      {mails && mails.length > 0 && (
        <ol className="mailbox-list list-unstyled">
          {mails.map((mail) => (
            <li key={mail.id}>
              <article className="card mail-card" aria-labelledby={`mail-${mail.id}-subject`}>
                <div className="card-body">
                  <h2 id={`mail-${mail.id}-subject`} className="h5 mb-2">
                    {mail.subject}
                  </h2>
                  <dl className="mail-meta">
                    <dt>{t('mailbox.to')}</dt>
                    <dd>{mail.to}</dd>
                    <dt>{t('mailbox.date')}</dt>
                    <dd>
                      <time dateTime={mail.created_at}>{date.format(new Date(mail.created_at))}</time>
                    </dd>
                  </dl>
                  <div className="mail-text">{linkify(mail.text)}</div>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
