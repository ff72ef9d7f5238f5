// "My figures": the signed-in operator's replies and the median wait of the members they answered.
import Card from 'react-bootstrap/Card';
import type { InboxFiguresResponse } from '../../../contract/ops-inbox.ts';
import { useOpsData } from '../api.ts';
import { formatWait } from './format.ts';

/** The operator's figures today and over the last 14 days (GET /api/ops/inbox/figures). */
export function MyFigures() {
  const { data, error } = useOpsData<InboxFiguresResponse>('/inbox/figures');
  if (error) return <p className="text-danger small">Figures unavailable: {error.message}</p>;
  const periods = [
    ['Today', data?.today],
    ['Last 14 days', data?.days14],
  ] as const;
  return (
    <section aria-labelledby="inbox-figures" className="mb-4">
      <h2 id="inbox-figures" className="h5">
        My figures
      </h2>
      <div className="d-flex flex-wrap gap-3">
        {periods.map(([label, f]) => (
          <Card key={label} className="flex-grow-1" style={{ minWidth: 200 }}>
            <Card.Body className="py-2">
              <div className="text-body-secondary small">{label}</div>
              <div>
                <strong data-testid={`answered-${label === 'Today' ? 'today' : 'days14'}`}>{f?.answered ?? '…'}</strong> answered
              </div>
              <div className="small">Median wait: {f ? formatWait(f.median_wait_ms) : '…'}</div>
            </Card.Body>
          </Card>
        ))}
      </div>
    </section>
  );
}
