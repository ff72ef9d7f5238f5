// The complaints queue: open complaints first, oldest first (the server's order), with a state and topic filter.
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'wouter';
import { complaintTopics } from '../../../contract/complaints.ts';
import type { ComplaintsResponse, QueuedComplaint } from '../../../contract/ops-moderation.ts';
import { useOpsData } from '../api.ts';
import { DataTable, type ColumnDef } from '../data-table.tsx';

const COLUMNS: ColumnDef<QueuedComplaint>[] = [
  {
    accessorKey: 'reference',
    header: 'Reference',
    cell: (c) => (
      <Link href={`/complaints/${c.row.original.id}`} className="text-nowrap">
        {c.getValue<string>()}
      </Link>
    ),
  },
  { accessorKey: 'created_at', header: 'Filed', cell: (c) => new Date(c.getValue<string>()).toLocaleString() },
  { accessorKey: 'topic', header: 'Topic' },
  {
    id: 'member',
    accessorFn: (r) => (r.member ? `${r.member.name} (${r.member.id})${r.member.fictional ? ' fictional' : ''}` : '—'),
    header: 'Reported member',
  },
  { accessorKey: 'excerpt', header: 'Text', enableSorting: false },
  { id: 'outcome', accessorFn: (r) => r.outcome ?? 'open', header: 'State' },
];

/** The queue under its filters. */
export function ComplaintsQueue() {
  const [state, setState] = useState<'open' | 'handled' | 'all'>('open');
  const [topic, setTopic] = useState('');
  const { data, error, loading } = useOpsData<ComplaintsResponse>(
    `/moderation/complaints?state=${state}${topic ? `&topic=${topic}` : ''}`,
  );
  return (
    <>
      <div className="d-flex flex-wrap gap-3 mb-2">
        <Form.Group controlId="complaints-state">
          <Form.Label className="small mb-0">State</Form.Label>
          <Form.Select size="sm" value={state} onChange={(e) => setState(e.target.value as typeof state)}>
            <option value="open">Open</option>
            <option value="handled">Handled</option>
            <option value="all">All</option>
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="complaints-topic">
          <Form.Label className="small mb-0">Topic</Form.Label>
          <Form.Select size="sm" value={topic} onChange={(e) => setTopic(e.target.value)}>
            <option value="">Every topic</option>
            {complaintTopics.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      {error && <p className="text-danger">{error.message}</p>}
      {data && (
        <DataTable
          columns={COLUMNS}
          data={data.complaints}
          caption={loading ? 'Complaints (loading…)' : `Complaints: ${data.complaints.length}`}
          globalFilter
        />
      )}
    </>
  );
}
