import { useState } from 'react';
import { ApiError, type ConsoleApi } from '../api/console-api.js';
import type { DeliveryStatus, WebhookDelivery, WebhookDeliveryPage } from '../api/webhooks.js';
import { LoadState } from '../layout/load-state.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { formatTime } from '../layout/time.js';
import { useLoad } from '../layout/use-load.js';

const STATUSES: readonly DeliveryStatus[] = ['PENDING', 'DELIVERED', 'DEAD'];

// Deliveries, newest first, with what the last attempt got; any may be sent again.
// `transactionId` narrows the list to one transaction's deliveries.
export function WebhookDeliveriesTable(props: {
  api: ConsoleApi;
  transactionId?: string;
  version: number;
  onRedeliver: () => void;
}) {
  const { api, transactionId, version, onRedeliver } = props;
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [failure, setFailure] = useState<string | null>(null);
  const { result } = useLoad(
    () =>
      api.get<WebhookDeliveryPage>('/webhooks/deliveries', {
        status,
        transaction_id: transactionId,
        pageSize: 50,
      }),
    [api, status, transactionId, version],
  );

  async function redeliver(delivery: WebhookDelivery) {
    setFailure(null);
    try {
      await api.send('POST', `/webhooks/deliveries/${delivery.id}/redeliver`);
      onRedeliver();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.reason : 'The redelivery failed.');
    }
  }

  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Webhook deliveries</h2>
      <div className="field">
        <label htmlFor="delivery-status">Status</label>
        <select
          id="delivery-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as DeliveryStatus | '')}
        >
          <option value="">Any</option>
          {STATUSES.map((value) => (
            <option key={value}>{value}</option>
          ))}
        </select>
      </div>
      {failure && (
        <p role="alert" className="error">
          {failure}
        </p>
      )}
      <LoadState load={result}>
        {(page) =>
          page.total === 0 ? (
            <p>No delivery yet.</p>
          ) : (
            <ScrollTable
              label="Deliveries table"
              caption={<>{page.total} deliveries, newest first</>}
              columns={[
                'Created',
                'Event',
                'Transaction',
                'Status',
                'Attempts',
                'Last answer',
                'Last attempt',
                'Next attempt',
              ]}
              actions
            >
              {page.deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{formatTime(delivery.created_at)}</td>
                  <td>{delivery.event_type}</td>
                  <td className="mono">{delivery.transaction_id ?? '—'}</td>
                  <td>{delivery.status}</td>
                  <td>{delivery.attempts}</td>
                  <td>
                    {delivery.last_status_code
                      ? `HTTP ${delivery.last_status_code}`
                      : (delivery.last_outcome ?? '—')}
                  </td>
                  <td>{formatTime(delivery.last_attempt_at)}</td>
                  <td>{formatTime(delivery.next_attempt_at)}</td>
                  <td>
                    <button
                      type="button"
                      onClick={() => void redeliver(delivery)}
                      aria-label={`Redeliver ${delivery.event_type} of ${formatTime(delivery.created_at)}`}
                    >
                      Redeliver
                    </button>
                  </td>
                </tr>
              ))}
            </ScrollTable>
          )
        }
      </LoadState>
    </section>
  );
}
