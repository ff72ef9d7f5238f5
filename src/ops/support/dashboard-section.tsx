import type { OpsDashboardResponse } from '../../../contract/ops-support.ts';
import { useOpsData } from '../api.ts';
import { duration, money } from './format.ts';

type Day = OpsDashboardResponse['days'][number];
/** The per-day figures drawn with a bar: column header and value. */
const FIGURES: { label: string; value: (d: Day) => number }[] = [
  { label: 'Signups', value: (d) => d.signups },
  { label: 'Activations', value: (d) => d.activations },
  { label: 'Paying members', value: (d) => d.paying_members },
  { label: 'Messages', value: (d) => d.messages },
];

/** A number beside a bar of its share of the column's largest (Bootstrap's progress bar, no chart library). */
function Bar({ value, max }: { value: number; max: number }) {
  return (
    <span className="d-flex align-items-center gap-2">
      <span className="text-end" style={{ minWidth: '2.5rem', fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </span>
      <span className="progress flex-grow-1" style={{ minWidth: '3rem', height: '0.5rem' }} aria-hidden="true">
        <span className="progress-bar" style={{ width: `${max ? Math.round((value / max) * 100) : 0}%` }} />
      </span>
    </span>
  );
}

/** Money of one day per currency: the total and how many, e.g. "€44.97 (3)", for payments or refunds; "—" for none. */
const moneyOf = (d: Day, pick: 'payments' | 'refunds') => {
  const parts = d.money
    .filter((m) => m[pick] > 0)
    .map((m) => `${money(pick === 'payments' ? m.paid : m.refunded, m.currency)} (${m[pick]})`);
  return parts.length ? parts.join(', ') : '—';
};

/** The console's start page: today's and the last 14 days' figures, and what waits now. */
export default function DashboardSection() {
  const { data, error, loading } = useOpsData<OpsDashboardResponse>('/dashboard');
  if (error)
    return (
      <div className="alert alert-danger" role="alert">
        {error.message}
      </div>
    );
  if (loading && !data) return <p className="text-body-secondary">Loading…</p>;
  if (!data) return null;
  const days = [...data.days].reverse();
  const max = FIGURES.map((f) => Math.max(...days.map(f.value)));
  return (
    <section aria-labelledby="dashboard-heading">
      <h1 id="dashboard-heading" className="h3 mb-3">
        Dashboard
      </h1>
      <div className="row g-2 mb-3">
        <div className="col-12 col-md-4">
          <div className="card p-3 h-100">
            <div className="small text-body-secondary">Open complaints</div>
            <div className="fs-4 fw-bold">{data.open_complaints}</div>
          </div>
        </div>
        <div className="col-12 col-md-4">
          <div className="card p-3 h-100">
            <div className="small text-body-secondary">Oldest waiting fictional conversation</div>
            <div className="fs-4 fw-bold">{data.oldest_waiting ? duration(data.oldest_waiting.seconds) : 'none'}</div>
          </div>
        </div>
        <div className="col-12 col-md-4">
          <div className="card p-3 h-100">
            <div className="small text-body-secondary">Dead jobs</div>
            <div className="fs-4 fw-bold">{data.dead_jobs}</div>
          </div>
        </div>
      </div>
      <div className="table-responsive">
        <table className="table table-sm align-middle ops-dashboard">
          <caption className="caption-top">Today and the last 14 days (UTC), newest first</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {FIGURES.map((f) => (
                <th scope="col" key={f.label}>
                  {f.label}
                </th>
              ))}
              <th scope="col">Payments</th>
              <th scope="col">Refunds</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d.day}>
                <th scope="row" className="text-nowrap">
                  {i === 0 ? `Today (${d.day})` : d.day}
                </th>
                {FIGURES.map((f, j) => (
                  <td key={f.label}>
                    <Bar value={f.value(d)} max={max[j]} />
                  </td>
                ))}
                <td className="small">{moneyOf(d, 'payments')}</td>
                <td className="small">{moneyOf(d, 'refunds')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
