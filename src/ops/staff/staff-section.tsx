// Staff (admins): every staff member with role, state and second factor (docs/operations.md "Staff management").
import type { OpsStaffListResponse, Staff } from '../../../contract/ops.ts';
import { useOpsData } from '../api.ts';
import { DataTable, type ColumnDef } from '../data-table.tsx';

const COLUMNS: ColumnDef<Staff>[] = [
  { accessorKey: 'email', header: 'E-mail' },
  { accessorKey: 'role', header: 'Role' },
  { id: 'enabled', accessorFn: (s) => (s.disabled_at ? 'disabled' : 'enabled'), header: 'Enabled' },
  { id: 'totp', accessorFn: (s) => (s.totp_enabled ? 'on' : 'not set up'), header: '2FA' },
  { accessorKey: 'created_at', header: 'Created', cell: (c) => new Date(c.getValue<string>()).toLocaleString() },
];

/** The staff list. */
export default function StaffSection() {
  const { data, error } = useOpsData<OpsStaffListResponse>('/staff');
  return (
    <section>
      <h1 className="h4">Staff</h1>
      {error && <p className="text-danger">{error.message}</p>}
      {data && <DataTable columns={COLUMNS} data={data.staff} caption="Staff members" globalFilter />}
    </section>
  );
}
