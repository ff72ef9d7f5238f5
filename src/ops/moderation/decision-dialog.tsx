// The named confirmation dialog of a moderation decision: says what will happen to whom, asks the ground (a terms'
// clause), the days of a suspension and an optional note for the member, and reports the server's refusal.
import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { MAX_SUSPENSION_DAYS, MODERATION_GROUNDS, type ModerationGround } from '../../../contract/ops-moderation.ts';
import { GROUND_LABELS } from './grounds.ts';

/** What the dialog collects: the ground (null when not asked), `days` only when asked for, the note. */
export interface DecisionInput {
  ground: ModerationGround | null;
  days: number;
  detail: string;
}

/**
 * A modal titled `title` (e.g. "Suspend Rude"), explaining `effect`, asking a ground (none for a dismissal:
 * `askGround` false), `askDays` for a suspension, and a note. `onConfirm` runs the call; a thrown error shows in the
 * dialog, success closes it through `onClose`. `confirmLabel` names the button; `danger` colours it red.
 */
export function DecisionDialog({
  title,
  effect,
  confirmLabel,
  askGround = true,
  askDays = false,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  effect: string;
  confirmLabel: string;
  askGround?: boolean;
  askDays?: boolean;
  danger?: boolean;
  onConfirm: (input: DecisionInput) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const [ground, setGround] = useState<ModerationGround | ''>('');
  const [days, setDays] = useState(7);
  const [detail, setDetail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (askGround && !ground) return setError('Choose the ground: the clause of the terms the decision rests on.');
    if (askDays && !(days >= 1 && days <= MAX_SUSPENSION_DAYS)) return setError(`Days: 1 to ${MAX_SUSPENSION_DAYS}.`);
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm({ ground: ground || null, days, detail: detail.trim() });
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  }

  return (
    <Modal show onHide={onClose} aria-labelledby={`${id}-title`} centered>
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{effect}</p>
          {error && (
            <Alert variant="danger" className="py-2">
              {error}
            </Alert>
          )}
          {askGround && (
            <Form.Group className="mb-3" controlId={`${id}-ground`}>
              <Form.Label>Ground (terms clause)</Form.Label>
              <Form.Select value={ground} onChange={(e) => setGround(e.target.value as ModerationGround)} required>
                <option value="">Choose…</option>
                {MODERATION_GROUNDS.map((g) => (
                  <option key={g} value={g}>
                    {GROUND_LABELS[g]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          {askDays && (
            <Form.Group className="mb-3" controlId={`${id}-days`}>
              <Form.Label>Days</Form.Label>
              <Form.Control
                type="number"
                min={1}
                max={MAX_SUSPENSION_DAYS}
                value={days}
                onChange={(e) => setDays(Number(e.target.value))}
              />
            </Form.Group>
          )}
          {askGround && (
            <Form.Group controlId={`${id}-detail`}>
              <Form.Label>Note to the member (optional, in their statement of reasons)</Form.Label>
              <Form.Control as="textarea" rows={2} maxLength={1000} value={detail} onChange={(e) => setDetail(e.target.value)} />
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
            {confirmLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
