import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'react-bootstrap/Modal';
import Button from 'react-bootstrap/Button';
import type { Interest } from '../../../contract/index.ts';
import { icebreakerLines } from './icebreakers.ts';

/**
 * The icebreaker modal of the chat window (spec 2): opening lines for `name`, drawn from their `interests`. Picking one
 * hands its text to `onPick` (the composer takes it, to edit and send); the modal closes either way through `onHide`.
 */
export default function IcebreakerModal({
  show,
  name,
  interests,
  onPick,
  onHide,
}: {
  show: boolean;
  name: string;
  interests: readonly Interest[];
  onPick: (text: string) => void;
  onHide: () => void;
}) {
  const { t } = useTranslation(['discovery', 'profile-fields']);
  const id = useId();
  const lines = icebreakerLines(interests).map((l) =>
    t(l.key, { name, interest: l.interest ? t(`profile-fields:interests.${l.interest}`) : '' }),
  );
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby={id} contentClassName="rounded-4 border-0 shadow-lg">
      <Modal.Header closeButton closeLabel={t('likeModal.close')}>
        <Modal.Title id={id} as="h2" className="h5 fw-bold">
          {t('icebreaker.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small">{t('icebreaker.intro', { name })}</p>
        <ul className="list-unstyled d-grid gap-2 mb-0">
          {lines.map((line) => (
            <li key={line}>
              <Button
                variant="light"
                className="w-100 text-start border rounded-3 py-2"
                onClick={() => {
                  onPick(line);
                  onHide();
                }}
              >
                {line}
              </Button>
            </li>
          ))}
        </ul>
      </Modal.Body>
    </Modal>
  );
}
