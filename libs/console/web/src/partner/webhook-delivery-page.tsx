import { useState } from 'react';
import { ApiError, type ConsoleApi } from '../api/console-api.js';
import {
  redeliveryOutcome,
  type DeliveryAttempt,
  type Redelivered,
  type WebhookDeliveryDetail,
} from '../api/webhooks.js';
import { formatCount } from '../format/money.js';
import { Time } from '../format/time-view.js';
import { useFormatInstant } from '../format/time-zone-choice.js';
import { Link } from '../layout/link.js';
import { LoadState } from '../layout/load-state.js';
import { SummaryList } from '../layout/summary-list.js';
import { useLoad } from '../layout/use-load.js';

// One webhook delivery as support reads it: the body every attempt sent (exactly as signed),
// then each attempt, newest first, with its headers, the answer and how long it took.
export function WebhookDeliveryPage({ api, id }: { api: ConsoleApi; id: string }) {
  const { result, reload } = useLoad(
    () => api.get<WebhookDeliveryDetail>(`/webhooks/deliveries/${encodeURIComponent(id)}`),
    [api, id],
  );
  return (
    <section aria-labelledby="delivery-title">
      <p>
        <Link to="/webhooks">← Webhooks</Link>
      </p>
      <h1 id="delivery-title">Webhook delivery</h1>
      <LoadState load={result}>
        {(delivery) => (
          <>
            <SummaryList
              rows={[
                { term: 'Id', value: delivery.id, mono: true },
                {
                  term: 'Event',
                  value:
                    delivery.sequence === null
                      ? delivery.event_type
                      : `${delivery.event_type} (its transaction's event ${delivery.sequence})`,
                },
                { term: 'Transaction', value: transactionLink(delivery.transaction_id), mono: true },
                { term: 'Status', value: delivery.status },
                { term: 'Attempts', value: formatCount(delivery.attempts) },
                { term: 'Created', value: <Time at={delivery.created_at} /> },
                { term: 'Delivered', value: <Time at={delivery.delivered_at} /> },
                { term: 'Next attempt', value: <Time at={delivery.next_attempt_at} /> },
              ]}
            />
            <RedeliverButton api={api} id={delivery.id} onDone={reload} />
            <h2>Request body</h2>
            {/* The exact bytes, not re-formatted: they are what the signature covers. */}
            <pre className="payload" tabIndex={0} aria-label="Request body">
              {delivery.request_body}
            </pre>
            <h2>Attempts</h2>
            {delivery.attempt_history.length === 0 ? (
              <p>Not attempted yet.</p>
            ) : (
              <ol className="attempts">
                {delivery.attempt_history.map((attempt) => (
                  <AttemptView key={attempt.id} attempt={attempt} />
                ))}
              </ol>
            )}
          </>
        )}
      </LoadState>
    </section>
  );
}

const transactionLink = (transactionId: string | null) =>
  transactionId ? <Link to={`/transactions/${transactionId}`}>{transactionId}</Link> : '—';

function AttemptView({ attempt }: { attempt: DeliveryAttempt }) {
  const formatInstant = useFormatInstant();
  const answer = attempt.status_code === null ? 'no HTTP answer' : `HTTP ${attempt.status_code}`;
  return (
    <li className="panel">
      <h3>
        <Time at={attempt.started_at} />: {answer}, {attempt.outcome.replaceAll('_', ' ')},{' '}
        {formatCount(attempt.duration_ms)} ms
      </h3>
      {attempt.request_headers ? (
        <SummaryList
          label="Request headers"
          rows={Object.entries(attempt.request_headers).map(([name, value]) => ({
            term: name,
            value,
            mono: true,
          }))}
        />
      ) : (
        <p className="note">Headers were not kept for attempts this old.</p>
      )}
      {attempt.response_excerpt === null ? (
        <p className="note">No response body.</p>
      ) : (
        <pre
          className="payload"
          tabIndex={0}
          aria-label={`Response to the attempt of ${formatInstant(attempt.started_at)}`}
        >
          {attempt.response_excerpt}
        </pre>
      )}
    </li>
  );
}

function RedeliverButton(props: { api: ConsoleApi; id: string; onDone: () => void }) {
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  async function redeliver() {
    setOutcome(null);
    try {
      const answer = await props.api.send<Redelivered>('POST', `/webhooks/deliveries/${props.id}/redeliver`);
      setOutcome({ text: redeliveryOutcome(answer), failed: false });
      props.onDone();
    } catch (error) {
      setOutcome({ text: error instanceof ApiError ? error.reason : 'The redelivery failed.', failed: true });
    }
  }
  return (
    <div className="row">
      <button type="button" onClick={() => void redeliver()}>
        Redeliver
      </button>
      <p role="status" className={outcome?.failed ? 'error' : undefined}>
        {outcome?.text}
      </p>
    </div>
  );
}
