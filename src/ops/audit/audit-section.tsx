// Audit log (admins; docs/operations.md "Audit log"): staff actions newest first, filtered and paged by the server
// (staff member, action, target kind and id, time range), with each row's before and after.
import { useMemo, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { OpsAuditResponse, OpsStaffListResponse } from '../../../contract/ops.ts';
import { useOpsData } from '../api.ts';
import { DataTable, type ColumnDef } from '../data-table.tsx';

type AuditRow = OpsAuditResponse['rows'][number];

/** Rows per page (the server answers at most 200). */
const PAGE = 50;

/** `before` and `after` as lines: `- field: old` / `+ field: new` for each field that differs, JSON values. */
function diffText(before: unknown, after: unknown): string {
  const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  const b = asRecord(before);
  const a = asRecord(after);
  const lines: string[] = [];
  for (const key of [...new Set([...Object.keys(b), ...Object.keys(a)])]) {
    const was = JSON.stringify(b[key]);
    const now = JSON.stringify(a[key]);
    if (was === now) continue;
    if (key in b) lines.push(`- ${key}: ${was}`);
    if (key in a) lines.push(`+ ${key}: ${now}`);
  }
  return lines.join('\n');
}

/** A datetime-local field's value as an ISO time, or undefined when empty. */
const isoOf = (value: FormDataEntryValue | null) => (value ? new Date(String(value)).toISOString() : undefined);

/** The filters, the page of rows and paging back. */
export default function AuditSection() {
  const [filters, setFilters] = useState<Record<string, string>>({});
  // The ids each earlier page started before: paging back keeps them to page forward again.
  const [cursors, setCursors] = useState<number[]>([]);
  const staffList = useOpsData<OpsStaffListResponse>('/staff');
  const emails = useMemo(() => new Map(staffList.data?.staff.map((s) => [s.id, s.email])), [staffList.data]);
  const query = new URLSearchParams({ ...filters, limit: String(PAGE) });
  const before = cursors.at(-1);
  if (before !== undefined) query.set('before', String(before));
  const { data, error, loading } = useOpsData<OpsAuditResponse>(`/audit?${query.toString()}`);

  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next: Record<string, string> = {};
    for (const key of ['staff_id', 'action', 'target_kind', 'target_id'])
      if (String(form.get(key) ?? '').trim()) next[key] = String(form.get(key)).trim();
    const from = isoOf(form.get('from'));
    const to = isoOf(form.get('to'));
    if (from) next.from = from;
    if (to) next.to = to;
    setFilters(next);
    setCursors([]);
  };

  const columns: ColumnDef<AuditRow>[] = [
    { accessorKey: 'at', header: 'When', cell: (c) => new Date(c.getValue<string>()).toLocaleString() },
    {
      id: 'who',
      accessorFn: (r) => (r.staff_id === null ? 'command line' : (emails.get(r.staff_id) ?? `#${r.staff_id}`)),
      header: 'Who',
      cell: (c) => (
        <>
          {c.getValue<string>()}
          {c.row.original.role && <span className="text-body-secondary"> ({c.row.original.role})</span>}
        </>
      ),
    },
    { accessorKey: 'action', header: 'Action' },
    { id: 'target', accessorFn: (r) => `${r.target_kind} ${r.target_id}`, header: 'Target' },
    {
      id: 'change',
      header: 'Before → after',
      enableSorting: false,
      accessorFn: (r) => diffText(r.before, r.after),
      cell: (c) => <pre className="small mb-0 ops-diff">{c.getValue<string>()}</pre>,
    },
    { accessorKey: 'source_address', header: 'From', cell: (c) => c.getValue<string | null>() ?? '' },
  ];
  const rows = data?.rows ?? [];

  return (
    <section>
      <h1 className="h4">Audit log</h1>
      <Form onSubmit={apply} className="row g-2 align-items-end mb-3" aria-label="Filter the audit log">
        <Form.Group className="col-6 col-md-2" controlId="audit-staff">
          <Form.Label className="small mb-0">Staff</Form.Label>
          <Form.Select name="staff_id" size="sm" defaultValue="">
            <option value="">anyone</option>
            {staffList.data?.staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.email}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-md-2" controlId="audit-action">
          <Form.Label className="small mb-0">Action</Form.Label>
          <Form.Control name="action" size="sm" placeholder="staff.add" />
        </Form.Group>
        <Form.Group className="col-6 col-md-2" controlId="audit-kind">
          <Form.Label className="small mb-0">Target kind</Form.Label>
          <Form.Control name="target_kind" size="sm" placeholder="staff" />
        </Form.Group>
        <Form.Group className="col-6 col-md-1" controlId="audit-target">
          <Form.Label className="small mb-0">Target id</Form.Label>
          <Form.Control name="target_id" size="sm" />
        </Form.Group>
        <Form.Group className="col-6 col-md-2" controlId="audit-from">
          <Form.Label className="small mb-0">From</Form.Label>
          <Form.Control name="from" type="datetime-local" size="sm" />
        </Form.Group>
        <Form.Group className="col-6 col-md-2" controlId="audit-to">
          <Form.Label className="small mb-0">To</Form.Label>
          <Form.Control name="to" type="datetime-local" size="sm" />
        </Form.Group>
        <div className="col-12 col-md-1">
          <Button type="submit" size="sm">
            Filter
          </Button>
        </div>
      </Form>
      {error && <Alert variant="danger">{error.message}</Alert>}
      <DataTable
        columns={columns}
        data={rows}
        caption={loading ? 'Audit rows (loading…)' : 'Audit rows, newest first'}
        pageSize={PAGE}
      />
      <nav className="d-flex gap-2" aria-label="Audit pages">
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={!cursors.length}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          Newer
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={rows.length < PAGE}
          onClick={() => setCursors((c) => [...c, rows[rows.length - 1].id])}
        >
          Older
        </Button>
      </nav>
    </section>
  );
}
