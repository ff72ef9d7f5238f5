// The inbox's waiting list: members who wrote to a fictional profile and wait for an answer, oldest first, with a
// language filter and a claim button per row.
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { languages } from '../../../contract/common.ts';
import type { InboxWaitingResponse, InboxWaitingRow } from '../../../contract/ops-inbox.ts';
import { opsFetch, useOpsData, OpsApiError } from '../api.ts';
import { DataTable, type ColumnDef } from '../data-table.tsx';
import { useStaff } from '../session.tsx';
import { waitedSince } from './format.ts';

/** The waiting list (GET /api/ops/inbox); `onOpen` shows a conversation once claimed (or already the caller's). */
export function WaitingList({ onOpen }: { onOpen: (conversationId: number) => void }) {
  const me = useStaff();
  const [language, setLanguage] = useState('');
  const { data, error, loading, reload } = useOpsData<InboxWaitingResponse>(`/inbox${language ? `?language=${language}` : ''}`);
  const [claimError, setClaimError] = useState<string | null>(null);

  const columns = useMemo<ColumnDef<InboxWaitingRow>[]>(() => {
    const claim = async (row: InboxWaitingRow) => {
      setClaimError(null);
      try {
        await opsFetch(`/inbox/${row.conversation_id}/claim`, { method: 'POST' });
        onOpen(row.conversation_id);
      } catch (e) {
        const taken = e instanceof OpsApiError && e.status === 409;
        setClaimError(
          taken ? `${row.member.name}'s conversation was just claimed by someone else.` : String((e as Error).message),
        );
        reload();
      }
    };
    return [
      {
        id: 'waiting',
        header: 'Waiting',
        accessorFn: (r) => r.waiting_since,
        cell: ({ row }) => waitedSince(row.original.waiting_since),
      },
      { id: 'persona', header: 'Profile', accessorFn: (r) => r.persona.name },
      { id: 'member', header: 'Member', accessorFn: (r) => r.member.name },
      { id: 'language', header: 'Language', accessorFn: (r) => r.member.language },
      { id: 'unanswered', header: 'Unanswered', accessorFn: (r) => r.unanswered },
      {
        id: 'claim',
        header: 'Claimed by',
        accessorFn: (r) => r.claim?.staff_email ?? '',
        cell: ({ row }) => {
          const r = row.original;
          if (r.claim?.staff_id === me.id)
            return (
              <Button size="sm" variant="outline-primary" onClick={() => onOpen(r.conversation_id)}>
                Open (mine)
              </Button>
            );
          if (r.claim) return <span className="small">{r.claim.staff_email}</span>;
          return (
            <Button
              size="sm"
              onClick={() => void claim(r)}
              aria-label={`Claim ${r.member.name}'s conversation with ${r.persona.name}`}
            >
              Claim
            </Button>
          );
        },
      },
    ];
  }, [me.id, onOpen, reload]);

  return (
    <section aria-labelledby="inbox-waiting">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
        <h2 id="inbox-waiting" className="h5 me-auto mb-0">
          Waiting for an answer
        </h2>
        <Form.Group controlId="inbox-language" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 small">Language</Form.Label>
          <Form.Select size="sm" value={language} onChange={(e) => setLanguage(e.target.value)} style={{ width: 'auto' }}>
            <option value="">All</option>
            {languages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button size="sm" variant="outline-secondary" onClick={reload} disabled={loading}>
          Refresh
        </Button>
      </div>
      {claimError && (
        <Alert variant="warning" dismissible onClose={() => setClaimError(null)}>
          {claimError}
        </Alert>
      )}
      {error && <Alert variant="danger">{error.message}</Alert>}
      <DataTable<InboxWaitingRow>
        columns={columns}
        data={data?.rows ?? []}
        caption="Conversations waiting for an answer, oldest first"
        pageSize={25}
        globalFilter
      />
    </section>
  );
}
