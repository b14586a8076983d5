import { useState } from 'react';
import { ApiError, type ConsoleApi } from '../api/console-api.js';
import {
  DELIVERY_STATUSES,
  EVENT_TYPES,
  redeliveryOutcome,
  type Redelivered,
  type WebhookDelivery,
  type WebhookDeliveryPage,
} from '../api/webhooks.js';
import { useFormatInstant } from '../format/time-zone-choice.js';
import { Time } from '../format/time-view.js';
import { ChoiceField } from '../layout/choice-field.js';
import { Link } from '../layout/link.js';
import { LoadState } from '../layout/load-state.js';
import { setQuery, useQuery } from '../layout/router.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { useLoad } from '../layout/use-load.js';
import { formatCount } from '../format/money.js';

// Deliveries, newest first, with what the last attempt got; any may be sent again, each opens
// its attempts. `transactionId` narrows the list to one transaction's deliveries. The status and
// event filters are the page's query, so a filtered list can be linked to.
export function WebhookDeliveriesTable(props: {
  api: ConsoleApi;
  transactionId?: string;
  version: number;
  onRedeliver: () => void;
}) {
  const { api, transactionId, version, onRedeliver } = props;
  const query = useQuery();
  const status = query.get('status') ?? '';
  const eventType = query.get('event_type') ?? '';
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const formatInstant = useFormatInstant();
  const { result } = useLoad(
    () =>
      api.get<WebhookDeliveryPage>('/webhooks/deliveries', {
        status,
        event_type: eventType,
        transaction_id: transactionId,
        pageSize: 50,
      }),
    [api, status, eventType, transactionId, version],
  );
  const filter = (name: string) => (value: string) =>
    setQuery({ status, event_type: eventType, [name]: value });

  async function redeliver(delivery: WebhookDelivery) {
    setOutcome(null);
    try {
      const answer = await api.send<Redelivered>('POST', `/webhooks/deliveries/${delivery.id}/redeliver`);
      setOutcome({ text: `${delivery.event_type}: ${redeliveryOutcome(answer)}`, failed: false });
      onRedeliver();
    } catch (error) {
      setOutcome({ text: error instanceof ApiError ? error.reason : 'The redelivery failed.', failed: true });
    }
  }

  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Webhook deliveries</h2>
      <div className="filters">
        <ChoiceField
          id="delivery-status"
          label="Status"
          value={status}
          options={DELIVERY_STATUSES}
          onChange={filter('status')}
        />
        <ChoiceField
          id="delivery-event"
          label="Event"
          value={eventType}
          options={EVENT_TYPES}
          onChange={filter('event_type')}
        />
      </div>
      <p role="status" className={outcome?.failed ? 'error' : undefined}>
        {outcome?.text}
      </p>
      <LoadState load={result}>
        {(page) =>
          page.total === 0 ? (
            <p>No delivery {status || eventType ? 'matches' : 'yet'}.</p>
          ) : (
            <ScrollTable
              label="Deliveries table"
              caption={<>{formatCount(page.total)} deliveries, newest first</>}
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
              cardsLeadWith={['Status', 'Last answer']}
            >
              {page.deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <Time at={delivery.created_at} />
                  </td>
                  <td>
                    <Link to={`/webhooks/deliveries/${delivery.id}`}>{delivery.event_type}</Link>
                  </td>
                  <td className="mono">{delivery.transaction_id ?? '—'}</td>
                  <td>{delivery.status}</td>
                  <td>{delivery.attempts}</td>
                  <td>
                    {delivery.last_status_code
                      ? `HTTP ${delivery.last_status_code}`
                      : (delivery.last_outcome ?? '—')}
                  </td>
                  <td>
                    <Time at={delivery.last_attempt_at} />
                  </td>
                  <td>
                    <Time at={delivery.next_attempt_at} />
                  </td>
                  <td>
                    <button
                      type="button"
                      onClick={() => void redeliver(delivery)}
                      aria-label={`Redeliver ${delivery.event_type} of ${formatInstant(delivery.created_at)}`}
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
