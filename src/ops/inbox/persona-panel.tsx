// The persona panel of a claimed conversation: the fictional profile the operator writes as (fields, about, photos)
// and the staff's notes on it, editable.
import { Fragment, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { InboxNotesResponse, InboxPersona } from '../../../contract/ops-inbox.ts';
import { opsFetch } from '../api.ts';

/** Persona `persona`'s profile and notes; saving the notes calls PUT /api/ops/inbox/personas/:id/notes. */
export function PersonaPanel({ persona }: { persona: InboxPersona }) {
  const [notes, setNotes] = useState(persona.notes);
  const [stored, setStored] = useState(persona.notes);
  const [saved, setSaved] = useState<string | null>(persona.notes_updated_at);
  const [state, setState] = useState<'idle' | 'saving' | 'error'>('idle');
  useEffect(() => {
    setNotes(persona.notes);
    setStored(persona.notes);
    setSaved(persona.notes_updated_at);
  }, [persona.id, persona.notes, persona.notes_updated_at]);

  const save = async () => {
    setState('saving');
    try {
      const r = await opsFetch<InboxNotesResponse>(`/inbox/personas/${persona.id}/notes`, { method: 'PUT', body: { notes } });
      setStored(r.notes);
      setSaved(r.notes_updated_at);
      setState('idle');
    } catch {
      setState('error');
    }
  };

  const fields: [string, string | null][] = [
    ['Age', String(persona.age)],
    ['Gender', persona.gender],
    ['Lives in', [persona.city, persona.region_name, persona.country].filter(Boolean).join(', ')],
    ['Relationship', persona.relationship_status],
    ['Hair', persona.hair_color],
    ['Eyes', persona.eye_color],
    ['Body', persona.body_type],
    ['Tattoos', persona.tattoos],
    ['Interests', persona.interests.join(', ') || null],
  ];
  return (
    <aside aria-labelledby="persona-name" className="border rounded p-3 bg-body">
      <h2 id="persona-name" className="h5">
        Writing as {persona.name}
      </h2>
      {persona.photos.length > 0 && (
        <div className="d-flex gap-2 overflow-auto mb-2" style={{ scrollbarWidth: 'thin' }}>
          {persona.photos.map((p, i) => (
            <a key={p.url} href={p.url} target="_blank" rel="noreferrer">
              <img
                src={p.thumb_url}
                alt={`${persona.name}, photo ${i + 1}`}
                width={72}
                height={72}
                className="rounded object-fit-cover"
              />
            </a>
          ))}
        </div>
      )}
      <dl className="row small mb-2">
        {fields
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <Fragment key={k}>
              <dt className="col-4 fw-normal text-body-secondary">{k}</dt>
              <dd className="col-8 mb-1">{v}</dd>
            </Fragment>
          ))}
      </dl>
      {persona.about && <p className="small fst-italic border-start ps-2">{persona.about}</p>}
      <Form.Group controlId="persona-notes">
        <Form.Label className="small fw-semibold">Staff notes on {persona.name}</Form.Label>
        <Form.Control as="textarea" rows={5} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={20000} />
      </Form.Group>
      <div className="d-flex align-items-center gap-2 mt-2">
        <Button size="sm" variant="outline-primary" onClick={() => void save()} disabled={state === 'saving' || notes === stored}>
          Save notes
        </Button>
        <span className="small text-body-secondary">
          {saved ? `Saved ${new Date(saved).toLocaleString('en-GB')}` : 'No notes yet'}
        </span>
      </div>
      {state === 'error' && (
        <Alert variant="danger" className="mt-2 mb-0 py-1 small">
          The notes could not be saved.
        </Alert>
      )}
    </aside>
  );
}
