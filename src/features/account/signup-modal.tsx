import Modal from 'react-bootstrap/Modal';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { SignupForm } from './signup-form.tsx';
import { closeSignupModal, signupModal } from './signup-modal-store.ts';
import { useSignedUp } from './use-signed-up.ts';

/** Spec 2 signup modal: cannot be closed by backdrop or Escape while the signup is in progress. */
export default function SignupModal() {
  const { t } = useTranslation('account');
  const { open, busy, next } = useSnapshot(signupModal);
  const signedUp = useSignedUp(next ?? undefined);
  return (
    <Modal
      show={open}
      onHide={closeSignupModal}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      centered
      aria-labelledby="signup-modal-title"
      className="signup-modal"
    >
      <Modal.Header closeButton={!busy} closeLabel={t('common:generic.close')}>
        <Modal.Title id="signup-modal-title" as="h2">
          {t('signup.modalTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="auth-lead mb-3">{t('signup.lead')}</p>
        <SignupForm
          idPrefix="signup-modal"
          onBusyChange={(value) => {
            signupModal.busy = value;
          }}
          onSignedUp={() => {
            signupModal.open = false;
            signedUp();
          }}
        />
      </Modal.Body>
    </Modal>
  );
}
