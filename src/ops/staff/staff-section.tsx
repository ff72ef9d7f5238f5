// Staff (admins; docs/operations.md "Staff management"): every staff member with role, state and second factor;
// add one (their one-time set-up link is shown once), change a role, give a new set-up link, disable.
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { OpsStaffListResponse, OpsStaffSetupResponse, Staff, StaffRole } from '../../../contract/ops.ts';
import { opsFetch, OpsApiError, useOpsData } from '../api.ts';
import { DataTable, type ColumnDef } from '../data-table.tsx';
import { useStaff } from '../session.tsx';

const ROLES: readonly StaffRole[] = ['admin', 'moderator', 'support', 'operator'];

const MESSAGES: Record<string, string> = {
  email_taken: 'A staff member has that address already.',
  invalid_email: 'That is not an e-mail address.',
  conflict: 'You cannot change or disable your own account.',
};

/** The staff list with its actions. */
export default function StaffSection() {
  const me = useStaff();
  const { data, error, reload } = useOpsData<OpsStaffListResponse>('/staff');
  const [notice, setNotice] = useState<{ text: string; link?: string; variant: 'success' | 'danger' }>();

  const act = async (step: () => Promise<{ text: string; link?: string }>) => {
    try {
      setNotice({ ...(await step()), variant: 'success' });
    } catch (e) {
      setNotice({ text: e instanceof OpsApiError ? (MESSAGES[e.code] ?? e.message) : String(e), variant: 'danger' });
    }
    reload();
  };
  const add = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    void act(async () => {
      const r = await opsFetch<OpsStaffSetupResponse>('/staff', {
        method: 'POST',
        body: { email: form.get('email'), role: form.get('role') },
      });
      formEl.reset();
      return { text: `Added ${r.staff.email} (${r.staff.role}). Send them this one-time set-up link:`, link: r.setup_link };
    });
  };
  const changeRole = (s: Staff, role: StaffRole) =>
    act(async () => {
      await opsFetch(`/staff/${s.id}`, { method: 'PATCH', body: { role } });
      return { text: `${s.email} is now ${role}; their sessions ended.` };
    });
  const reset = (s: Staff) =>
    act(async () => {
      const r = await opsFetch<OpsStaffSetupResponse>(`/staff/${s.id}/reset`, { method: 'POST' });
      return { text: `New set-up link for ${s.email} (their second factor is off until they use it):`, link: r.setup_link };
    });
  const disable = (s: Staff) => {
    if (!window.confirm(`Disable ${s.email}? Their sessions end at once.`)) return;
    void act(async () => {
      await opsFetch(`/staff/${s.id}/disable`, { method: 'POST' });
      return { text: `${s.email} is disabled.` };
    });
  };

  const columns: ColumnDef<Staff>[] = [
    { accessorKey: 'email', header: 'E-mail' },
    {
      accessorKey: 'role',
      header: 'Role',
      cell: ({ row: { original: s } }) =>
        s.id === me.id || s.disabled_at ? (
          s.role
        ) : (
          <Form.Select
            size="sm"
            aria-label={`Role of ${s.email}`}
            value={s.role}
            onChange={(e) => void changeRole(s, e.target.value as StaffRole)}
            style={{ width: 'auto' }}
          >
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </Form.Select>
        ),
    },
    { id: 'enabled', accessorFn: (s) => (s.disabled_at ? 'disabled' : 'enabled'), header: 'Enabled' },
    { id: 'totp', accessorFn: (s) => (s.totp_enabled ? 'on' : 'not set up'), header: '2FA' },
    { accessorKey: 'created_at', header: 'Created', cell: (c) => new Date(c.getValue<string>()).toLocaleString() },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      cell: ({ row: { original: s } }) =>
        s.id === me.id || s.disabled_at ? null : (
          <div className="d-flex flex-nowrap gap-1">
            <Button size="sm" variant="outline-secondary" onClick={() => void reset(s)}>
              New set-up link
            </Button>
            <Button size="sm" variant="outline-danger" onClick={() => disable(s)}>
              Disable
            </Button>
          </div>
        ),
    },
  ];

  return (
    <section>
      <h1 className="h4">Staff</h1>
      {notice && (
        <Alert variant={notice.variant} dismissible onClose={() => setNotice(undefined)}>
          {notice.text}
          {notice.link && (
            <>
              <br />
              <code className="text-break" data-testid="setup-link">
                {notice.link}
              </code>
            </>
          )}
        </Alert>
      )}
      <Form onSubmit={add} className="d-flex flex-wrap align-items-end gap-2 mb-3" aria-label="Add a staff member">
        <Form.Group controlId="staff-email">
          <Form.Label className="small mb-0">E-mail</Form.Label>
          <Form.Control name="email" type="email" size="sm" required />
        </Form.Group>
        <Form.Group controlId="staff-role">
          <Form.Label className="small mb-0">Role</Form.Label>
          <Form.Select name="role" size="sm" defaultValue="moderator">
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button type="submit" size="sm">
          Add staff member
        </Button>
      </Form>
      {error && <Alert variant="danger">{error.message}</Alert>}
      {data && <DataTable columns={columns} data={data.staff} caption="Staff members" globalFilter />}
    </section>
  );
}
