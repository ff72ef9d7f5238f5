import { useId, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { REACTIVATION_DAYS } from '../../../contract/account.ts';
import { errorText } from '../../i18n/error-text.ts';
import { deleteAccount } from '../account/account-api.ts';
import { forgetSession } from '../account/session-store.ts';
import { PaidCreditsNotice } from './paid-credits-notice.tsx';

/**
 * Settings: delete the account (spec 4). The alternatives come first (invisible mode, notification settings) and
 * the credits that would be lost, with the refund of unused bought ones (PaidCreditsNotice); then a named dialog,
 * which says the loss again, asks for the password; the account waits REACTIVATION_DAYS days, restorable by the mailed link.
 */
export function AccountDelete() {
  const { t } = useTranslation(['account', 'errors']);
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const titleId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(password);
      forgetSession();
      navigate('/account-deleted', { replace: true });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="h5 fw-bold mb-1">
        {t('deleteAccount.title')}
      </h2>
      <p className="text-body-secondary small mb-2">{t('deleteAccount.alternatives')}</p>
      <ul className="small mb-3">
        <li>{t('deleteAccount.pause')}</li>
        <li>
          <Link href="/notifications">{t('deleteAccount.lessMail')}</Link>
        </li>
      </ul>
      <PaidCreditsNotice />
      <button type="button" className="btn btn-outline-danger" onClick={() => setOpen(true)}>
        {t('deleteAccount.open')}
      </button>
      <Modal
        show={open}
        onHide={() => setOpen(false)}
        centered
        aria-labelledby={titleId}
        contentClassName="rounded-4 border-0 shadow"
      >
        <Form noValidate onSubmit={onSubmit} aria-busy={busy}>
          <Modal.Header closeButton closeLabel={t('deleteAccount.cancel')} className="border-0 pb-0">
            <Modal.Title id={titleId} as="h2" className="h5">
              {t('deleteAccount.confirmTitle')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="text-body-secondary">{t('deleteAccount.confirmText', { days: REACTIVATION_DAYS })}</p>
            <PaidCreditsNotice />
            {error != null && (
              <div className="alert alert-danger" role="alert">
                {errorText(error, { t })}
              </div>
            )}
            <Form.Group controlId="delete-password">
              <Form.Label>{t('password.old')}</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Form.Group>
          </Modal.Body>
          <Modal.Footer className="border-0 pt-0">
            <button type="button" className="btn btn-light" onClick={() => setOpen(false)}>
              {t('deleteAccount.cancel')}
            </button>
            <button type="submit" className="btn btn-danger" disabled={busy || !password}>
              {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              {t('deleteAccount.submit')}
            </button>
          </Modal.Footer>
        </Form>
      </Modal>
    </section>
  );
}
