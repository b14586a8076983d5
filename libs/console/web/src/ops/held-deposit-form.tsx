import { useState, type FormEvent } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import type { HeldDepositAction, ResolvedDeposit, UnmatchedDeposit } from '../api/deposits.js';
import { changeFailure, confirmChange } from './confirm-change.js';
import { formatMoney } from '../format/money.js';

const WORDS: Readonly<Record<HeldDepositAction, { title: string; verb: string; target: string }>> = {
  refund: { title: 'Refund a held transfer', verb: 'Refund', target: 'Destination (blank: the sender)' },
  assign: {
    title: 'Assign a held transfer to its transaction',
    verb: 'Assign',
    target: 'Transaction it pays (id)',
  },
};

// Finishes a held transfer: sends it back whole (to its sender, or to an address the operator
// names), or gives it to the transaction it pays under the funding rules. transaction-service
// records every request in its held-deposit audit.
export function HeldDepositForm(props: {
  api: ConsoleApi;
  deposit: UnmatchedDeposit;
  action: HeldDepositAction;
  onDone: () => void;
  // Cancel, or close once done.
  onCancel: () => void;
}) {
  const { api, deposit, action, onDone, onCancel } = props;
  const [target, setTarget] = useState('');
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const words = WORDS[action];
  const money = `${formatMoney(deposit.amount, deposit.cryptoCurrency)} on ${deposit.blockchain}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const named = target.trim();
    const to = action === 'assign' ? `transaction ${named}` : named || `its sender ${deposit.sender}`;
    if (!confirmChange(`${words.verb} ${money} to ${to}?`)) return;
    try {
      const body = action === 'assign' ? { transaction_id: named } : named ? { destination: named } : {};
      const resolved = await api.send<ResolvedDeposit>('POST', `/ops/deposits/${deposit.id}/${action}`, body);
      setOutcome({ text: summary(resolved), failed: false });
      onDone();
    } catch (error) {
      setOutcome({ text: changeFailure(error), failed: true });
    }
  }

  return (
    <section aria-labelledby="held-deposit-title" className="panel">
      <h2 id="held-deposit-title">{words.title}</h2>
      <p>
        {money} from <span className="mono">{deposit.sender}</span>, transfer{' '}
        <span className="mono">{deposit.on_chain_tx}</span>
      </p>
      {outcome?.failed !== false && (
        <form className="row" onSubmit={submit}>
          <div className="field wide">
            <label htmlFor="held-deposit-target">{words.target}</label>
            <input
              id="held-deposit-target"
              required={action === 'assign'}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            />
          </div>
          <button type="submit">{words.verb}</button>
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        </form>
      )}
      {outcome && (
        <p role={outcome.failed ? 'alert' : 'status'} className={outcome.failed ? 'error' : undefined}>
          {outcome.text}
        </p>
      )}
      {outcome?.failed === false && (
        <button type="button" className="secondary" onClick={onCancel}>
          Close
        </button>
      )}
    </section>
  );
}

// What came of it, in a line: where the refund goes, or what the transaction did with it.
function summary(resolved: ResolvedDeposit): string {
  const money = formatMoney(resolved.amount, resolved.cryptoCurrency);
  const refunds = resolved.refunds.map(
    (refund) =>
      `${formatMoney(refund.amount, resolved.cryptoCurrency)} refunded to ${refund.destination} (${refund.status.toLowerCase()})`,
  );
  if (resolved.resolution.action === 'refund') return refunds[0] ?? `${money} refunded`;
  const assigned = `${money} assigned to transaction ${resolved.transactionId}: ${resolved.transactionStatus ?? resolved.outcome}`;
  return [assigned, ...refunds].join('; ');
}
