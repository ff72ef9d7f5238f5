import { useEffect, useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../features/account/session-store.ts';

const TITLE_ID = 'entry-warning-title';

/**
 * The entry warning itself (spec 1): adults only. It cannot be closed by the backdrop or Escape: the visitor enters
 * (`onAccept`) or leaves the site. Its first render draws it in place with the modal's own classes, as the server's
 * HTML has it (react-bootstrap's modal renders into a portal, which a server render cannot), so it hydrates without a
 * difference; once mounted it is react-bootstrap's modal, which holds the focus. Both look the same: the switch does
 * not show.
 */
export default function EntryWarningModal({ onAccept }: { onAccept(): void }) {
  const { t } = useTranslation();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const { settings } = useSnapshot(session);
  const title = t('entryWarning.title');
  const body = (
    <>
      <p>{t('entryWarning.text', { site: settings?.name ?? '' })}</p>
      <div className="d-grid gap-2">
        <button type="button" className="btn btn-primary btn-lg rounded-pill" onClick={onAccept}>
          {t('entryWarning.enter')}
        </button>
        <a className="btn btn-link" href="https://www.google.com/" rel="noreferrer">
          {t('entryWarning.leave')}
        </a>
      </div>
    </>
  );
  if (!live) return <DrawnModal title={title}>{body}</DrawnModal>;
  return (
    <Modal
      show
      centered
      animation={false}
      backdrop="static"
      keyboard={false}
      aria-labelledby={TITLE_ID}
      contentClassName="rounded-4 border-0 shadow"
    >
      <Modal.Header className="border-0 pb-0">
        <Modal.Title id={TITLE_ID} as="h2" className="h4 fw-bold">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
    </Modal>
  );
}

/** The modal's markup as react-bootstrap draws it, in place: for the server's HTML and the hydrating render. */
function DrawnModal({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <div className="modal-backdrop show" />
      <div className="modal show d-block" role="dialog" aria-modal="true" aria-labelledby={TITLE_ID} tabIndex={-1}>
        <div className="modal-dialog modal-dialog-centered">
          <div className="modal-content rounded-4 border-0 shadow">
            <div className="modal-header border-0 pb-0">
              <h2 id={TITLE_ID} className="modal-title h4 fw-bold">
                {title}
              </h2>
            </div>
            <div className="modal-body">{children}</div>
          </div>
        </div>
      </div>
    </>
  );
}
