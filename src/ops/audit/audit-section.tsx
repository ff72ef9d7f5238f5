// Audit log (admins): the newest staff actions first (docs/operations.md "Audit log").
import type { OpsAuditResponse } from '../../../contract/ops.ts';
import { useOpsData } from '../api.ts';
import { DataTable, type ColumnDef } from '../data-table.tsx';

type AuditRow = OpsAuditResponse['rows'][number];

const COLUMNS: ColumnDef<AuditRow>[] = [
  { accessorKey: 'at', header: 'When', cell: (c) => new Date(c.getValue<string>()).toLocaleString() },
  { accessorKey: 'staff_id', header: 'Staff' },
  { accessorKey: 'action', header: 'Action' },
  { id: 'target', accessorFn: (r) => `${r.target_kind} ${r.target_id}`, header: 'Target' },
];

/** The latest audit rows. */
export default function AuditSection() {
  const { data, error } = useOpsData<OpsAuditResponse>('/audit');
  return (
    <section>
      <h1 className="h4">Audit log</h1>
      {error && <p className="text-danger">{error.message}</p>}
      {data && <DataTable columns={COLUMNS} data={data.rows} caption="Audit rows, newest first" />}
    </section>
  );
}
