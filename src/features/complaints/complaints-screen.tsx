import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { api, ApiCallError } from '../../api/client.ts';
import {
  COMPLAINT_TEXT,
  ComplaintResponse,
  complaintTopics,
  type ComplaintRequest,
  type ComplaintTopic,
} from '../../../contract/index.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { errorText } from '../../i18n/error-text.ts';
import { useReveal } from '../../ui/use-reveal.ts';
import { session } from '../account/session-store.ts';
import '../account/account.scss';

/** A positive integer from a query value, else undefined. */
const idParam = (v: string | null) => (v && /^\d{1,10}$/.test(v) ? Number(v) : undefined);

/**
 * /complaints (spec 2): a complaint or report (topic, text; a visitor's e-mail address). A profile's or chat's Report
 * action opens it with `?member=` (and `?message=`), which it names and sends along. Shows the reference when filed.
 */
export default function ComplaintsScreen() {
  const { t } = useTranslation(['complaints', 'errors']);
  const { user } = useSnapshot(session);
  const query = new URLSearchParams(useSearch());
  const member = idParam(query.get('member'));
  const message = query.get('message') ?? undefined;
  const [topic, setTopic] = useState<ComplaintTopic | ''>(member ? (message ? 'harassment' : 'fake_profile') : '');
  const [text, setText] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [reference, setReference] = useState<string | null>(null);
  const filed = useReveal<HTMLDivElement>(reference !== null);
  usePageTitle(t('title'));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const missing: Record<string, string> = {};
    if (!topic) missing.topic = t('topicRequired');
    if (text.trim().length < COMPLAINT_TEXT.min) missing.text = t('textTooShort', { count: COMPLAINT_TEXT.min });
    if (!user && !email.trim()) missing.email = t('emailRequired');
    setFields(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setError(null);
    const body: ComplaintRequest = {
      topic: topic as ComplaintTopic,
      text: text.trim(),
      member,
      message,
      ...(user ? {} : { email: email.trim() }),
    };
    try {
      setReference((await api('/api/complaint.php', ComplaintResponse, { method: 'POST', body })).reference);
    } catch (err) {
      const field = err instanceof ApiCallError ? Object.keys(err.fields ?? {})[0] : undefined;
      if (field === 'email') setFields({ email: t('emailInvalid') });
      else setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-page" aria-labelledby="complaints-heading">
      <div className="container">
        <div className="auth-card card" style={{ maxWidth: 640 }}>
          <div className="card-body">
            <h1 id="complaints-heading" className="auth-title">
              {t('title')}
            </h1>
            {reference ? (
              <div ref={filed} tabIndex={-1} className="alert alert-success" role="status">
                <p className="fw-semibold mb-1">{t('filedTitle')}</p>
                <p className="mb-0">{t('filed', { reference })}</p>
              </div>
            ) : (
              <>
                <p className="auth-lead">{t('lead')}</p>
                {member !== undefined && (
                  <div className="alert alert-light border small" role="note">
                    {message ? t('aboutMessage') : t('aboutMember')}
                  </div>
                )}
                <Form noValidate onSubmit={onSubmit} aria-busy={busy}>
                  {error != null && (
                    <div className="alert alert-danger" role="alert">
                      {errorText(error, { t })}
                    </div>
                  )}
                  <Form.Group className="mb-3" controlId="complaint-topic">
                    <Form.Label>{t('topic')}</Form.Label>
                    <Form.Select
                      value={topic}
                      isInvalid={!!fields.topic}
                      onChange={(e) => setTopic(e.target.value as ComplaintTopic)}
                    >
                      <option value="">{t('chooseTopic')}</option>
                      {complaintTopics.map((k) => (
                        <option key={k} value={k}>
                          {t(`topics.${k}`)}
                        </option>
                      ))}
                    </Form.Select>
                    <Form.Control.Feedback type="invalid">{fields.topic}</Form.Control.Feedback>
                  </Form.Group>
                  <Form.Group className="mb-3" controlId="complaint-text">
                    <Form.Label>{t('text')}</Form.Label>
                    <Form.Control
                      as="textarea"
                      rows={6}
                      maxLength={COMPLAINT_TEXT.max}
                      value={text}
                      isInvalid={!!fields.text}
                      aria-describedby="complaint-text-count"
                      onChange={(e) => setText(e.target.value)}
                    />
                    <Form.Text id="complaint-text-count">{t('count', { count: text.length, max: COMPLAINT_TEXT.max })}</Form.Text>
                    <Form.Control.Feedback type="invalid">{fields.text}</Form.Control.Feedback>
                  </Form.Group>
                  {!user && (
                    <Form.Group className="mb-3" controlId="complaint-email">
                      <Form.Label>{t('email')}</Form.Label>
                      <Form.Control
                        type="email"
                        autoComplete="email"
                        value={email}
                        isInvalid={!!fields.email}
                        onChange={(e) => setEmail(e.target.value)}
                      />
                      <Form.Control.Feedback type="invalid">{fields.email}</Form.Control.Feedback>
                    </Form.Group>
                  )}
                  <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy}>
                    {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                    {t('submit')}
                  </button>
                </Form>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
