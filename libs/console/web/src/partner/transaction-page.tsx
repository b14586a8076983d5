import { useEffect, type ReactNode } from 'react';
import { TransactionStatus } from '@shared/contracts';
import type { ConsoleApi } from '../api/console-api.js';
import type { SandboxCapabilities } from '../api/sandbox.js';
import { eventsOf, type TransactionTimeline } from '../api/timeline.js';
import { ChainHash } from '../layout/chain-hash.js';
import { Link } from '../layout/link.js';
import { LoadState } from '../layout/load-state.js';
import { StatusBadge } from '../layout/status-badge.js';
import { formatMoney } from '../format/money.js';
import { Time } from '../format/time-view.js';
import { useLoad } from '../layout/use-load.js';
import { SandboxPayButton } from './sandbox-pay-button.js';
import { WebhookDeliveriesTable } from './webhook-deliveries-table.js';

const REFRESH_MS = 2000;
const SETTLED: ReadonlySet<TransactionStatus> = new Set([
  TransactionStatus.PAYMENT_COMPLETED,
  TransactionStatus.PAYMENT_FAILED,
  TransactionStatus.WRONG_AMOUNT,
  TransactionStatus.PAYMENT_EXPIRED,
]);

// One transaction: where it stands, what happened to it, and the webhooks it caused. Until it
// settles the page reads it again every two seconds, so a person can watch it complete.
export function TransactionPage({ api, id }: { api: ConsoleApi; id: string }) {
  const { result, reload } = useLoad(
    () => api.get<TransactionTimeline>(`/transaction/${id}/timeline`),
    [api, id],
  );
  const { result: sandbox } = useLoad(() => api.get<SandboxCapabilities>('/sandbox'), [api]);
  // Until the answer comes, hashes are shown as text: never a link that might lead nowhere.
  const simulated = sandbox.state !== 'loaded' || sandbox.data.simulatedChains;
  const status = result.state === 'loaded' ? result.data.transaction.status : null;
  const settled = status !== null && SETTLED.has(status);
  useEffect(() => {
    if (settled) return;
    const timer = window.setInterval(reload, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [settled, reload]);

  return (
    <section aria-labelledby="transaction-title">
      <p>
        <Link to="/transactions">← All transactions</Link>
      </p>
      <h1 id="transaction-title">Transaction</h1>
      <LoadState load={result}>
        {(timeline) => (
          <>
            <Summary timeline={timeline} simulated={simulated} />
            {sandbox.state === 'loaded' &&
              sandbox.data.simulatedChains &&
              timeline.transaction.status === TransactionStatus.AWAITING_PAYMENT && (
                <SandboxPayButton api={api} transactionId={id} onPaid={reload} />
              )}
            <h2>Timeline</h2>
            <ol className="timeline">
              {eventsOf(timeline).map((event, index) => (
                <li key={index}>
                  <Time at={event.at} />
                  <strong>{event.title}</strong>
                  {event.detail && <span className="mono detail">{event.detail}</span>}
                  {event.hash && (
                    <ChainHash
                      blockchain={timeline.transaction.blockchain}
                      hash={event.hash}
                      simulated={simulated}
                    />
                  )}
                </li>
              ))}
            </ol>
          </>
        )}
      </LoadState>
      <WebhookDeliveriesTable api={api} transactionId={id} version={0} onRedeliver={reload} />
    </section>
  );
}

function Summary(props: { timeline: TransactionTimeline; simulated: boolean }) {
  const { transaction } = props.timeline;
  const rows: ReadonlyArray<readonly [string, ReactNode]> = [
    ['Id', transaction.id],
    ['Reference (memo)', transaction.transactionReference],
    ['User', transaction.userId],
    ['Route', `${transaction.blockchain} → ${transaction.paymentMethod}`],
    ['Deposit', formatMoney(transaction.sourceAmount, transaction.cryptoCurrency)],
    ['Payout', formatMoney(transaction.targetAmount, transaction.targetCurrency)],
    ['Created', <Time at={transaction.createdAt} />],
  ];
  return (
    <dl className="summary">
      <div className="pair">
        <dt>Status</dt>
        <dd aria-live="polite">
          <StatusBadge status={transaction.status} />
        </dd>
      </div>
      {rows.map(([term, value]) => (
        <div key={term} className="pair">
          <dt>{term}</dt>
          <dd className="mono">{value}</dd>
        </div>
      ))}
      <div className="pair">
        <dt>Funding transfer</dt>
        <dd>
          {transaction.onChainTxHash ? (
            <ChainHash
              blockchain={transaction.blockchain}
              hash={transaction.onChainTxHash}
              simulated={props.simulated}
            />
          ) : (
            'not yet'
          )}
        </dd>
      </div>
    </dl>
  );
}
