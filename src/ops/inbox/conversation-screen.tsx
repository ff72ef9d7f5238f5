// A conversation of the inbox: the persona panel, the whole conversation (gifts and photos shown), the reply box with
// the reply filter's refusal, and claim / release.
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { v7 } from 'uuid';
import type { InboxConversationResponse, InboxMessage } from '../../../contract/ops-inbox.ts';
import { opsFetch, OpsApiError, useOpsData } from '../api.ts';
import { useStaff } from '../session.tsx';
import { RULE_TEXT } from './format.ts';
import { ReplyRefused, sendReply } from './reply-call.ts';
import { PersonaPanel } from './persona-panel.tsx';

/** How often the open conversation is read again (new member messages, the claim's end), in ms. */
const REFRESH_MS = 15_000;

/** One message as a bubble: the member's on the left, the persona's on the right. */
function Bubble({ m, personaName, memberName }: { m: InboxMessage; personaName: string; memberName: string }) {
  const mine = m.from === 'persona';
  return (
    <li className={`d-flex mb-2 ${mine ? 'justify-content-end' : ''}`}>
      <div
        className={`rounded-3 px-3 py-2 ${mine ? 'bg-primary-subtle' : 'bg-body border'}`}
        style={{ maxWidth: '80%', overflowWrap: 'anywhere' }}
      >
        <div className="small text-body-secondary">
          {mine ? personaName : memberName} · {new Date(m.created_at).toLocaleString('en-GB')}
          {m.cost > 0 && ` · ${m.cost} credits`}
          {!mine && !m.read && (
            <Badge bg="warning" text="dark" className="ms-1">
              unread
            </Badge>
          )}
        </div>
        {m.gift && <div>🎁 Gift: {m.gift}</div>}
        {m.photo && (
          <a href={m.photo.url} target="_blank" rel="noreferrer">
            <img
              src={m.photo.thumb_url}
              alt={`Photo from ${mine ? personaName : memberName}`}
              className="rounded mt-1"
              width={160}
            />
          </a>
        )}
        {m.text && <div style={{ whiteSpace: 'pre-wrap' }}>{m.text}</div>}
      </div>
    </li>
  );
}

/** Conversation `conversationId` (GET /api/ops/inbox/:id); `onBack` returns to the waiting list. */
export function ConversationScreen({ conversationId, onBack }: { conversationId: number; onBack: () => void }) {
  const me = useStaff();
  const { data, error, reload } = useOpsData<InboxConversationResponse>(`/inbox/${conversationId}`);
  const [text, setText] = useState('');
  // One id per reply being written: a double click or a retry sends the same reply once.
  const draftId = useRef(v7());
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  // Braces: Chromium's scrollIntoView answers a promise, which React would take for a cleanup function.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [data?.messages.length]);

  if (error) return <Alert variant="danger">{error.message}</Alert>;
  if (!data) return <p>Loading…</p>;
  const mine = data.claim?.staff_id === me.id;

  const act = async (what: 'claim' | 'release') => {
    setProblem(null);
    try {
      await opsFetch(`/inbox/${conversationId}/${what}`, { method: 'POST' });
      if (what === 'release') onBack();
      else reload();
    } catch (e) {
      setProblem(e instanceof OpsApiError && e.status === 409 ? 'Someone else holds this conversation.' : (e as Error).message);
      reload();
    }
  };

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    setProblem(null);
    try {
      await sendReply(conversationId, draftId.current, text);
      draftId.current = v7();
      setText('');
      reload();
    } catch (err) {
      if (err instanceof ReplyRefused) {
        setProblem(
          `Not sent: the reply contains ${RULE_TEXT[err.rule]}${err.match ? ` (“${err.match}”)` : ''}. These profiles cannot be met or contacted outside the site.`,
        );
      } else if (err instanceof OpsApiError && err.status === 409) {
        setProblem('Not sent: your claim ran out or was taken over. Claim the conversation again.');
        reload();
      } else setProblem(`Not sent: ${(err as Error).message}`);
    } finally {
      setSending(false);
    }
  };

  return (
    <div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Button size="sm" variant="link" className="px-0" onClick={onBack}>
          ← Waiting list
        </Button>
        <h2 className="h5 mb-0 me-auto">
          {data.member.name} ({data.member.language}, {data.member.age}, {data.member.country}) → {data.persona.name}
        </h2>
        {mine ? (
          <>
            <span className="small text-body-secondary">
              Yours until {new Date(data.claim!.expires_at).toLocaleTimeString('en-GB')}
            </span>
            <Button size="sm" variant="outline-secondary" onClick={() => void act('release')}>
              Release
            </Button>
          </>
        ) : data.claim ? (
          <span className="small">Claimed by {data.claim.staff_email}</span>
        ) : (
          <Button size="sm" onClick={() => void act('claim')}>
            Claim
          </Button>
        )}
      </div>
      <div className="row g-3">
        <div className="col-12 col-lg-8">
          <ol
            className="list-unstyled border rounded p-2 bg-body-tertiary mb-2"
            style={{ maxHeight: '60vh', overflowY: 'auto' }}
            aria-label="Conversation"
          >
            {data.messages.map((m) => (
              <Bubble key={m.id} m={m} personaName={data.persona.name} memberName={data.member.name} />
            ))}
            <li ref={end} aria-hidden="true" />
          </ol>
          {problem && (
            <Alert variant="danger" role="alert" data-testid="reply-problem">
              {problem}
            </Alert>
          )}
          <Form onSubmit={(e) => void send(e)}>
            <Form.Group controlId="inbox-reply">
              <Form.Label className="small fw-semibold">Reply as {data.persona.name}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={text}
                disabled={!mine}
                onChange={(e) => {
                  setText(e.target.value);
                  draftId.current = v7();
                }}
              />
            </Form.Group>
            <div className="d-flex justify-content-end mt-2">
              <Button type="submit" disabled={!mine || sending || !text.trim()}>
                Send reply
              </Button>
            </div>
          </Form>
        </div>
        <div className="col-12 col-lg-4">
          <PersonaPanel persona={data.persona} />
        </div>
      </div>
    </div>
  );
}
