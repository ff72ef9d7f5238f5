import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link, useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { usePromptTurn } from '../../app/prompts.ts';
import { findRoute } from '../../app/routes.ts';
import { dismissedAt, storeDismissal } from '../../ui/dismissal.ts';
import { activationReminder, ENRICH_ALERT_KEY, isSmartphone, showPhotoAlert } from './account-alert-rules.ts';
import { session } from './session-store.ts';
import { useResendActivation } from './use-resend-activation.ts';

/**
 * The account alerts of spec 2 in the default layout's warnings header: the activation reminder (an alert, or a modal
 * on a smartphone after signup; closed for this page's life) and the profile photo alert (until dismissed, under
 * hide-enrich-alert), each when its turn among the prompts comes (src/app/prompts.ts).
 */
export function AccountAlerts() {
  const { user } = useSnapshot(session);
  const [location] = useLocation();
  const search = useSearch();
  const [photoDismissed, setPhotoDismissed] = useState(() => dismissedAt(ENRICH_ALERT_KEY));
  const [reminderClosed, setReminderClosed] = useState(false);
  const route = findRoute(location).name;
  const reminder = reminderClosed ? null : activationReminder(user, route, { smartphone: isSmartphone(), search });
  const reminderTurn = usePromptTurn('activation-reminder', reminder !== null);
  const photoTurn = usePromptTurn('photo-alert', showPhotoAlert(user, route, photoDismissed));
  return (
    <>
      {reminder && reminderTurn && (
        <ActivationReminder modal={reminder === 'modal'} email={user?.email ?? ''} onClose={() => setReminderClosed(true)} />
      )}
      {photoTurn && <PhotoAlert onDismiss={() => setPhotoDismissed(storeDismissal(ENRICH_ALERT_KEY))} />}
    </>
  );
}

function ActivationReminder({ modal, email, onClose }: { modal: boolean; email: string; onClose(): void }) {
  const { t, ready } = useTranslation(['account', 'errors'], { useSuspense: false });
  const { state, resend } = useResendActivation();
  if (!ready) return null;
  const body = (
    <>
      <p className="mb-2">{t('reminder.text', { email })}</p>
      {state === 'sent' ? (
        <p className="mb-0 fw-semibold" role="status">
          {t('reminder.sent')}
        </p>
      ) : (
        <>
          <button type="button" className="btn btn-sm btn-primary" disabled={state === 'busy'} onClick={() => void resend()}>
            {t('reminder.resend')}
          </button>
          {state !== 'idle' && state !== 'busy' && (
            <p className="mb-0 mt-2 text-danger" role="alert">
              {state}
            </p>
          )}
        </>
      )}
    </>
  );
  if (modal) {
    return (
      <Modal
        show
        onHide={onClose}
        centered
        aria-labelledby="activation-reminder-title"
        contentClassName="rounded-4 border-0 shadow"
      >
        <Modal.Header closeButton closeLabel={t('reminder.close')} className="border-0 pb-0">
          <Modal.Title id="activation-reminder-title" as="h2" className="h5">
            {t('reminder.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{body}</Modal.Body>
      </Modal>
    );
  }
  return (
    <div className="container pt-3">
      <section className="alert alert-warning d-flex align-items-start gap-2 mb-0" aria-labelledby="activation-reminder-title">
        <div className="flex-grow-1">
          <h2 id="activation-reminder-title" className="h6 fw-bold mb-1">
            {t('reminder.title')}
          </h2>
          {body}
        </div>
        <button type="button" className="btn-close" aria-label={t('reminder.close')} onClick={onClose} />
      </section>
    </div>
  );
}

function PhotoAlert({ onDismiss }: { onDismiss(): void }) {
  const { t, ready } = useTranslation('account', { useSuspense: false });
  if (!ready) return null;
  return (
    <div className="container pt-3">
      <div className="alert alert-info d-flex flex-wrap align-items-center gap-2 mb-0" role="status">
        <span className="flex-grow-1">{t('photoAlert.text')}</span>
        <Link href="/profile" className="btn btn-sm btn-primary">
          {t('photoAlert.action')}
        </Link>
        <button type="button" className="btn-close" aria-label={t('photoAlert.dismiss')} onClick={onDismiss} />
      </div>
    </div>
  );
}
