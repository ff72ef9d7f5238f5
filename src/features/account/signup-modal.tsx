import Modal from 'react-bootstrap/Modal';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { SignupForm } from './signup-form.tsx';
import { closeSignupModal, setSignupProgress, signupModal } from './signup-modal-store.ts';
import { useSignedUp } from './use-signed-up.ts';

/**
 * Spec 2 signup modal: cannot be closed by backdrop or Escape while a signup is in progress (past the first step or
 * something typed); the close button still closes it, except while the signup call runs, and the draft is kept.
 * `show`: open and its turn among the prompts (src/app/prompts.ts).
 */
export default function SignupModal({ show }: { show: boolean }) {
  const { t } = useTranslation('account');
  const { inProgress, busy, next } = useSnapshot(signupModal);
  const signedUp = useSignedUp(next ?? undefined);
  return (
    <Modal
      show={show}
      onHide={closeSignupModal}
      backdrop={inProgress ? 'static' : true}
      keyboard={!inProgress}
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
          onProgressChange={setSignupProgress}
          onSignedUp={() => {
            signupModal.open = false;
            signedUp();
          }}
        />
      </Modal.Body>
    </Modal>
  );
}
