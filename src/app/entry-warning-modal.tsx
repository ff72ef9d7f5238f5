import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../features/account/session-store.ts';

/**
 * The entry warning itself (spec 1): adults only. It cannot be closed by the backdrop or Escape: the visitor enters
 * (`onAccept`) or leaves the site.
 */
export default function EntryWarningModal({ onAccept }: { onAccept(): void }) {
  const { t } = useTranslation();
  const { settings } = useSnapshot(session);
  return (
    <Modal
      show
      centered
      backdrop="static"
      keyboard={false}
      aria-labelledby="entry-warning-title"
      contentClassName="rounded-4 border-0 shadow"
    >
      <Modal.Header className="border-0 pb-0">
        <Modal.Title id="entry-warning-title" as="h2" className="h4 fw-bold">
          {t('entryWarning.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('entryWarning.text', { site: settings?.name ?? '' })}</p>
        <div className="d-grid gap-2">
          <button type="button" className="btn btn-primary btn-lg rounded-pill" onClick={onAccept}>
            {t('entryWarning.enter')}
          </button>
          <a className="btn btn-link" href="https://www.google.com/" rel="noreferrer">
            {t('entryWarning.leave')}
          </a>
        </div>
      </Modal.Body>
    </Modal>
  );
}
