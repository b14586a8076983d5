import { useEffect } from 'react';
import { TransactionStatus } from '@shared/contracts';
import type { ConsoleApi } from '../api/console-api.js';
import type { SandboxCapabilities } from '../api/sandbox.js';
import { eventsOf, type TransactionTimeline } from '../api/timeline.js';
import { ChainHash } from '../layout/chain-hash.js';
import { Link } from '../layout/link.js';
import { LoadState } from '../layout/load-state.js';
import { StatusBadge } from '../layout/status-badge.js';
import { formatMoney, formatDecimal } from '../format/money.js';
import { Copyable } from '../layout/copyable.js';
import { SummaryList, type SummaryRow } from '../layout/summary-list.js';
import { Time } from '../format/time-view.js';
import { useLoad } from '../layout/use-load.js';
import { PaymentRequest } from './payment-request.js';
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

// What support is asked first: where it stands, what was agreed (rate, fee, amounts), what
// arrived, what the recipient gets, any refund; while awaiting payment, where and by when to pay
// (and the chain's payment request as a QR code, where it has one).
function Summary(props: { timeline: TransactionTimeline; simulated: boolean }) {
  const { transaction, terms, amountReceived, refunds } = props.timeline;
  const crypto = (amount: string) => formatMoney(amount, terms.cryptoCurrency);
  const awaiting = transaction.status === TransactionStatus.AWAITING_PAYMENT;
  const refund = refunds.at(-1);
  const rows: SummaryRow[] = [
    { term: 'Status', value: <StatusBadge status={transaction.status} />, live: true },
    { term: 'Amount to send', value: crypto(terms.amountToSend), mono: true },
    {
      term: 'Amount received',
      value: amountReceived === null ? 'nothing yet' : crypto(amountReceived),
      mono: amountReceived !== null,
    },
    {
      term: 'Fee (included)',
      value: terms.fee === null ? 'not recorded' : crypto(terms.fee),
      mono: terms.fee !== null,
    },
    {
      term: 'Rate',
      value:
        terms.rate === null
          ? 'not recorded'
          : `1 ${terms.cryptoCurrency} = ${formatDecimal(terms.rate)} ${terms.targetCurrency}`,
      mono: terms.rate !== null,
    },
    {
      term: 'Recipient gets',
      value: formatMoney(terms.recipientAmount, terms.targetCurrency),
      mono: true,
    },
    {
      term: 'Refund',
      value: refund
        ? `${crypto(refund.amount)} ${refund.status.toLowerCase()} (${refund.reason.replaceAll('_', ' ').toLowerCase()})`
        : 'none',
    },
    ...(awaiting
      ? [
          ...(terms.paymentUri
            ? [{ term: 'Payment request', value: <PaymentRequest uri={terms.paymentUri} /> }]
            : []),
          { term: 'Deposit address', value: <Copyable text={terms.depositAddress} what="deposit address" /> },
          ...(terms.memo
            ? [{ term: 'Memo (required)', value: <Copyable text={terms.memo} what="memo" /> }]
            : []),
          { term: 'Pay before', value: <Time at={terms.payBefore} /> },
        ]
      : []),
    { term: 'Id', value: transaction.id, mono: true },
    { term: 'Reference', value: transaction.transactionReference, mono: true },
    { term: 'User', value: transaction.userId, mono: true },
    { term: 'Route', value: `${transaction.blockchain} → ${transaction.paymentMethod}` },
    { term: 'Created', value: <Time at={transaction.createdAt} /> },
    {
      term: 'Funding transfer',
      value: transaction.onChainTxHash ? (
        <ChainHash
          blockchain={transaction.blockchain}
          hash={transaction.onChainTxHash}
          simulated={props.simulated}
        />
      ) : (
        'not yet'
      ),
    },
  ];
  return <SummaryList rows={rows} />;
}
