import { useState } from 'react';
import { Button } from 'react-bootstrap';
import type { OpsDeadJob, OpsDeadJobsResponse } from '../../../contract/ops-support.ts';
import { opsFetch, useOpsData } from '../api.ts';
import { DataTable, type ColumnDef } from '../data-table.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { when } from './format.ts';

/** What support may do with a dead job. */
type JobAction = { job: OpsDeadJob; kind: 'retry' | 'discard' };

/** What a job carried, as shown: its ids, then the names of the fields left out. */
const carried = (j: OpsDeadJob) =>
  [
    ...Object.entries(j.data).map(([k, v]) => `${k}: ${String(v)}`),
    ...(j.fields.length ? [`(${j.fields.join(', ')})`] : []),
  ].join(' ');

/** The console's "Dead jobs" section: every job that used all its tries, with retry and discard (each confirmed). */
export default function DeadJobsSection() {
  const { data, error, loading, reload } = useOpsData<OpsDeadJobsResponse>('/dead-jobs');
  const [pending, setPending] = useState<JobAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const columns: ColumnDef<OpsDeadJob>[] = [
    { accessorKey: 'created_at', header: 'Dead since', cell: ({ getValue }) => when(getValue<string>()) },
    { accessorKey: 'queue', header: 'Job' },
    {
      id: 'data',
      header: 'Carried',
      accessorFn: carried,
      cell: ({ getValue }) => <span className="small text-break">{getValue<string>()}</span>,
    },
    {
      accessorKey: 'error',
      header: 'Last error',
      cell: ({ getValue }) => <span className="small text-break">{getValue<string>() ?? '—'}</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      cell: ({ row }) => (
        <span className="d-inline-flex gap-1">
          <Button size="sm" variant="outline-primary" onClick={() => setPending({ job: row.original, kind: 'retry' })}>
            Retry
          </Button>
          <Button size="sm" variant="outline-danger" onClick={() => setPending({ job: row.original, kind: 'discard' })}>
            Discard
          </Button>
        </span>
      ),
    },
  ];
  return (
    <section aria-labelledby="dead-jobs-heading">
      <h1 id="dead-jobs-heading" className="h3 mb-3">
        Dead jobs
      </h1>
      <p className="text-body-secondary">
        Jobs that failed every try. A dead refund is money a member is owed: fix the cause, then retry it.
      </p>
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}
      {error && (
        <div className="alert alert-danger" role="alert">
          {error.message}
        </div>
      )}
      {loading && !data && <p className="text-body-secondary">Loading…</p>}
      {data &&
        (data.jobs.length === 0 ? (
          <p>No dead jobs.</p>
        ) : (
          <DataTable columns={columns} data={data.jobs} caption="Dead jobs, oldest first" pageSize={25} globalFilter />
        ))}
      {pending && (
        <ConfirmDialog
          show
          title={pending.kind === 'retry' ? `Retry this ${pending.job.queue} job?` : `Discard this ${pending.job.queue} job?`}
          confirmLabel={pending.kind === 'retry' ? 'Retry job' : 'Discard job'}
          variant={pending.kind === 'retry' ? 'primary' : 'danger'}
          onClose={() => setPending(null)}
          onConfirm={async () => {
            await opsFetch(`/dead-jobs/${pending.job.id}/${pending.kind}`, { method: 'POST' });
            setNotice(pending.kind === 'retry' ? 'The job is back in its queue.' : 'The job was discarded.');
            reload();
          }}
        >
          <p className="mb-0">
            {pending.kind === 'retry'
              ? 'It goes back to its queue with what it carried and gets its tries again.'
              : 'It is deleted for good; whatever it was to do will not happen.'}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
