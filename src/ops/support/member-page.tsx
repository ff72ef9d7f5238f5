import { useId, useState, type ReactNode } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Link } from 'wouter';
import type { OpsLedgerResponse, OpsLedgerRow, OpsMemberResponse, OpsPayment } from '../../../contract/ops-support.ts';
import { opsFetch, useOpsData } from '../api.ts';
import { DataTable, type ColumnDef } from '../data-table.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { money, when } from './format.ts';
import { MemberBadges } from './member-search.tsx';

type Member = OpsMemberResponse['member'];
/**
 * The most credits one goodwill grant may give: the server's bound (contract/ops-support.ts GOODWILL_MAX), written
 * here so the console's chunk takes no value from the contract (its modules stay console-only, out of the precache).
 */
const GOODWILL_MAX = 500;
/** The account actions with a plain confirmation: path, button, dialog title and text. */
type ActionName = 'resend-activation' | 'unlock-login' | 'end-sessions' | 'restore';

const ledgerColumns: ColumnDef<OpsLedgerRow>[] = [
  { accessorKey: 'created_at', header: 'When', cell: ({ getValue }) => when(getValue<string>()) },
  { accessorKey: 'reason', header: 'Reason' },
  {
    accessorKey: 'delta',
    header: 'Credits',
    cell: ({ getValue }) => {
      const d = getValue<number>();
      return <span className={d < 0 ? 'text-danger' : 'text-success'}>{d > 0 ? `+${d}` : d}</span>;
    },
  },
  { accessorKey: 'balance_after', header: 'Balance' },
  { accessorKey: 'key', header: 'Key' },
];

/** A label and its value in the member's facts list. */
const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <dt className="col-sm-4 col-lg-3">{label}</dt>
    <dd className="col-sm-8 col-lg-9">{children}</dd>
  </>
);

/** Member `id`'s page: facts, action buttons (each with a named confirmation), and tabs of ledger, payments, devices. */
export function MemberPage({ id }: { id: number }) {
  const { data, error, loading, reload } = useOpsData<OpsMemberResponse>(`/members/${id}`);
  const [action, setAction] = useState<ActionName | null>(null);
  const [refund, setRefund] = useState<OpsPayment | null>(null);
  const [goodwill, setGoodwill] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (error)
    return (
      <div className="alert alert-danger" role="alert">
        {error.status === 404 ? 'No member with this id.' : error.message}
      </div>
    );
  if (loading && !data) return <p className="text-body-secondary">Loading…</p>;
  if (!data) return null;
  const m = data.member;
  const who = m.name || m.email;
  const actions: Record<ActionName, { button: string; title: string; text: string; shown: boolean; done: string }> = {
    'resend-activation': {
      button: 'Resend activation mail',
      title: `Resend the activation mail to ${who}?`,
      text: `A new activation link goes to ${m.email} (at most 3 a day).`,
      shown: m.status !== 'confirmed' && !m.deleted_at,
      done: 'Activation mail sent.',
    },
    'unlock-login': {
      button: 'Unlock login',
      title: `Unlock the login of ${who}?`,
      text: 'Every login counter of this address is cleared: the next login is counted afresh.',
      shown: true,
      done: 'Login unlocked.',
    },
    'end-sessions': {
      button: 'End all sessions',
      title: `End all sessions of ${who}?`,
      text: `Every device signed in as ${m.email} is signed out at once (${data.sessions.length} live).`,
      shown: true,
      done: 'Sessions ended.',
    },
    restore: {
      button: 'Restore account',
      title: `Restore the deleted account of ${who}?`,
      text: `The account was deleted on ${when(m.deleted_at)}; it can be restored until ${when(m.restorable_until)}.`,
      shown: !!m.deleted_at,
      done: 'Account restored.',
    },
  };
  const current = action ? actions[action] : null;

  const paymentColumns: ColumnDef<OpsPayment>[] = [
    { accessorKey: 'created_at', header: 'Date', cell: ({ getValue }) => when(getValue<string>()) },
    {
      accessorKey: 'amount',
      header: 'Amount',
      cell: ({ row }) => `${row.original.credits} credits · ${money(row.original.amount, row.original.currency)}`,
    },
    { accessorKey: 'method', header: 'Method' },
    { accessorKey: 'status', header: 'Status' },
    {
      accessorKey: 'psp_reference',
      header: 'Provider reference',
      cell: ({ row }) => (
        <span className="font-monospace small">
          {row.original.psp_reference ?? '—'}
          {row.original.refund_psp_reference && <> · refund {row.original.refund_psp_reference}</>}
        </span>
      ),
    },
    {
      id: 'refund',
      header: 'Refund',
      enableSorting: false,
      cell: ({ row }) => {
        const p = row.original;
        if (p.refunded_amount != null) return `${p.refunded_credits} credits, ${money(p.refunded_amount, p.currency)}`;
        if (!p.refundable) return '—';
        if (p.refundable.credits === 0) return 'nothing unused';
        return (
          <Button size="sm" variant="outline-danger" onClick={() => setRefund(p)}>
            Refund…
          </Button>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="member-heading">
      <p className="mb-2">
        <Link href="/">← Back to the search</Link>
      </p>
      <h1 id="member-heading" className="h3 mb-1 text-break">
        {m.name || '(no profile name)'} <span className="text-body-secondary fs-5">#{m.id}</span>
      </h1>
      <p className="mb-3 text-break">
        {m.email} <MemberBadges member={m} />
      </p>
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}
      <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Account actions">
        {(Object.keys(actions) as ActionName[])
          .filter((a) => actions[a].shown)
          .map((a) => (
            <Button key={a} variant="outline-primary" size="sm" onClick={() => setAction(a)}>
              {actions[a].button}
            </Button>
          ))}
        <Button variant="outline-success" size="sm" onClick={() => setGoodwill(true)}>
          Give goodwill credits
        </Button>
      </div>

      <MemberTabs
        id={m.id}
        tabs={[
          {
            key: 'overview',
            title: 'Overview',
            panel: (
              <>
                <dl className="row">
                  <Fact label="Site">{m.site}</Fact>
                  <Fact label="Language">{m.language}</Fact>
                  <Fact label="Signed up">{when(m.signup_date)}</Fact>
                  <Fact label="Last seen">{when(m.last_seen_at)}</Fact>
                  <Fact label="Deleted">
                    {m.deleted_at ? `${when(m.deleted_at)} (restorable until ${when(m.restorable_until)})` : 'no'}
                  </Fact>
                  <Fact label="Credits">
                    {m.credits} ({m.bought_credits} bought, unspent)
                  </Fact>
                  <Fact label="Premium">{m.premium ? 'yes' : 'no'}</Fact>
                </dl>
                <h2 className="h6">Restrictions</h2>
                {data.restrictions.length === 0 ? (
                  <p className="text-body-secondary">None.</p>
                ) : (
                  <ul>
                    {data.restrictions.map((r) => (
                      <li key={r.id}>
                        {r.kind} ({r.ground}) since {when(r.created_at)}
                        {r.ends_at && `, until ${when(r.ends_at)}`}
                        {r.lifted_at && `, lifted ${when(r.lifted_at)}`}
                      </li>
                    ))}
                  </ul>
                )}
                <h2 className="h6">Login throttles</h2>
                {data.throttles.length === 0 ? (
                  <p className="text-body-secondary">None holds this member.</p>
                ) : (
                  <ul>
                    {data.throttles.map((t) => (
                      <li key={t.kind}>
                        {t.kind}: {t.count} attempts{t.blocked_until ? `, blocked until ${when(t.blocked_until)}` : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </>
            ),
          },
          {
            key: 'ledger',
            title: 'Credits ledger',
            panel: (
              <>
                <Ledger key={data.ledger[0]?.id ?? 0} id={m.id} first={data.ledger} />
              </>
            ),
          },
          {
            key: 'payments',
            title: `Payments (${data.payments.length})`,
            panel: (
              <>
                <DataTable columns={paymentColumns} data={data.payments} caption="Payments, newest first" pageSize={25} />
                <h2 className="h6">Stored cards</h2>
                {data.cards.length === 0 ? (
                  <p className="text-body-secondary">None.</p>
                ) : (
                  <ul>
                    {data.cards.map((c) => (
                      <li key={c.id}>
                        {c.method} ending {c.last4}
                        {c.expiry_month && c.expiry_year
                          ? `, expires ${String(c.expiry_month).padStart(2, '0')}/${c.expiry_year}`
                          : ''}
                      </li>
                    ))}
                  </ul>
                )}
              </>
            ),
          },
          {
            key: 'devices',
            title: 'Devices and sessions',
            panel: (
              <>
                <h2 className="h6">Push devices</h2>
                {data.devices.length === 0 ? (
                  <p className="text-body-secondary">None.</p>
                ) : (
                  <ul>
                    {data.devices.map((d) => (
                      <li key={d.id}>
                        {d.host}, since {when(d.created_at)}, last push {when(d.last_success_at)}
                      </li>
                    ))}
                  </ul>
                )}
                <h2 className="h6">Sessions</h2>
                {data.sessions.length === 0 ? (
                  <p className="text-body-secondary">No live session.</p>
                ) : (
                  <ul>
                    {data.sessions.map((s, i) => (
                      <li key={i}>
                        signed in {when(s.created_at)}, expires {when(s.expires_at)}
                      </li>
                    ))}
                  </ul>
                )}
              </>
            ),
          },
        ]}
      />

      {current && action && (
        <ConfirmDialog
          show
          title={current.title}
          confirmLabel={current.button}
          variant={action === 'end-sessions' ? 'danger' : 'primary'}
          onClose={() => setAction(null)}
          onConfirm={async () => {
            await opsFetch(`/members/${m.id}/${action}`, { method: 'POST' });
            setNotice(current.done);
            reload();
          }}
        >
          <p className="mb-0">{current.text}</p>
        </ConfirmDialog>
      )}
      {refund?.refundable && (
        <ConfirmDialog
          show
          title={`Refund this payment of ${who}?`}
          confirmLabel="Confirm refund"
          variant="danger"
          onClose={() => setRefund(null)}
          onConfirm={async () => {
            await opsFetch(`/members/${m.id}/payments/${refund.id}/refund`, { method: 'POST' });
            setNotice('Refund taken; the provider returns the money.');
            reload();
          }}
        >
          <p>
            {refund.refundable.credits} {refund.refundable.credits === 1 ? 'credit is' : 'credits are'} taken back from the
            member's balance and {money(refund.refundable.amount, refund.currency)} is returned to them (purchase of{' '}
            {refund.credits} credits for {money(refund.amount, refund.currency)} on {when(refund.created_at)}).
          </p>
          <p className="mb-0 fw-semibold">This cannot be undone.</p>
        </ConfirmDialog>
      )}
      {goodwill && (
        <GoodwillDialog
          member={m}
          onClose={() => setGoodwill(false)}
          onDone={(n) => {
            setNotice(`${n} goodwill credits given.`);
            reload();
          }}
        />
      )}
    </section>
  );
}

/** One tab of the member page: its key, its title and its panel. */
interface MemberTab {
  key: string;
  title: string;
  panel: ReactNode;
}

/**
 * The member page's tabs (Bootstrap's nav-tabs markup with the WAI-ARIA tabs pattern: a tablist of buttons, the open
 * tab's panel), written here rather than react-bootstrap's Tabs so the section's chunk holds console modules only.
 */
function MemberTabs({ id, tabs }: { id: number; tabs: MemberTab[] }) {
  const prefix = `${useId()}-member-${id}`;
  const [open, setOpen] = useState(tabs[0].key);
  const current = tabs.find((t) => t.key === open) ?? tabs[0];
  return (
    <>
      <div className="nav nav-tabs mb-3" role="tablist">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${prefix}-${t.key}-tab`}
            aria-selected={t.key === current.key}
            aria-controls={`${prefix}-${t.key}-panel`}
            className={`nav-link${t.key === current.key ? ' active' : ''}`}
            onClick={() => setOpen(t.key)}
          >
            {t.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${prefix}-${current.key}-panel`} aria-labelledby={`${prefix}-${current.key}-tab`}>
        {current.panel}
      </div>
    </>
  );
}

/** The ledger tab: the page's newest rows, then older pages on request (keyed by the newest row: a reload starts over). */
function Ledger({ id, first }: { id: number; first: OpsLedgerRow[] }) {
  const [rows, setRows] = useState(first);
  const [more, setMore] = useState(first.length >= 50);
  const older = async () => {
    const last = rows[rows.length - 1];
    const page = await opsFetch<OpsLedgerResponse>(`/members/${id}/ledger?before=${last.id}&limit=50`);
    setRows([...rows, ...page.ledger]);
    setMore(page.ledger.length === 50);
  };
  return (
    <>
      <DataTable columns={ledgerColumns} data={rows} caption="Credits ledger, newest first" pageSize={25} />
      {more && (
        <Button variant="outline-secondary" size="sm" onClick={() => void older()}>
          Load older rows
        </Button>
      )}
    </>
  );
}

/** Goodwill credits: how many (1 to GOODWILL_MAX) and why; one key per opened dialog, so a double click grants once. */
function GoodwillDialog({ member, onClose, onDone }: { member: Member; onClose: () => void; onDone: (credits: number) => void }) {
  const [key] = useState(() => crypto.randomUUID());
  const [credits, setCredits] = useState('');
  const [reason, setReason] = useState('');
  const n = Number(credits);
  const valid = Number.isInteger(n) && n >= 1 && n <= GOODWILL_MAX && reason.trim().length >= 3;
  return (
    <ConfirmDialog
      show
      title={`Give goodwill credits to ${member.name || member.email}?`}
      confirmLabel="Give credits"
      confirmDisabled={!valid}
      onClose={onClose}
      onConfirm={async () => {
        await opsFetch(`/members/${member.id}/goodwill`, { method: 'POST', body: { credits: n, reason: reason.trim(), key } });
        onDone(n);
      }}
    >
      <Form.Group className="mb-3" controlId="goodwill-credits">
        <Form.Label>Credits (1 to {GOODWILL_MAX})</Form.Label>
        <Form.Control type="number" min={1} max={GOODWILL_MAX} value={credits} onChange={(e) => setCredits(e.target.value)} />
      </Form.Group>
      <Form.Group controlId="goodwill-reason">
        <Form.Label>Reason (kept in the audit log)</Form.Label>
        <Form.Control as="textarea" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Form.Group>
      <p className="small text-body-secondary mt-2 mb-0">
        The member sees them as “Goodwill credits from support” in their transactions.
      </p>
    </ConfirmDialog>
  );
}
