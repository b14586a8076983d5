import { useState, type FormEvent } from 'react';
import { Blockchain } from '@shared/contracts';
import type { ConsoleApi } from '../api/console-api.js';
import type { ReconcileResult } from '../api/deposits.js';
import { changeFailure, confirmChange } from './confirm-change.js';

export interface ReconcileRequest {
  readonly blockchain: Blockchain;
  readonly onChainTx: string;
}

// Gives a transfer the automatic paths missed to its transaction (transaction-service records
// every call in its reconcile audit). `initial` prefills it from an unmatched deposit.
export function ReconcileForm(props: {
  api: ConsoleApi;
  initial: ReconcileRequest | null;
  onDone: () => void;
}) {
  const { api, initial, onDone } = props;
  const [blockchain, setBlockchain] = useState<Blockchain>(initial?.blockchain ?? Blockchain.STELLAR);
  const [onChainTx, setOnChainTx] = useState(initial?.onChainTx ?? '');
  const [transactionId, setTransactionId] = useState('');
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirmChange(`Reconcile ${blockchain} transfer ${onChainTx.trim()}?`)) return;
    try {
      const answer = await api.send<ReconcileResult>('POST', '/ops/transactions/reconcile-hash', {
        blockchain,
        on_chain_tx: onChainTx.trim(),
        ...(transactionId.trim() ? { transaction_id: transactionId.trim() } : {}),
      });
      const about = answer.transaction_id
        ? ` — transaction ${answer.transaction_id} ${answer.status ?? ''}`
        : '';
      setOutcome({
        text: `${answer.result}${about}${answer.reason ? ` (${answer.reason})` : ''}`,
        failed: false,
      });
      onDone();
    } catch (error) {
      setOutcome({ text: changeFailure(error), failed: true });
    }
  }

  return (
    <section aria-labelledby="reconcile-title" className="panel">
      <h2 id="reconcile-title">Reconcile a transfer</h2>
      <form className="row" onSubmit={submit}>
        <div className="field">
          <label htmlFor="reconcile-chain">Chain</label>
          <select
            id="reconcile-chain"
            value={blockchain}
            onChange={(event) => setBlockchain(event.target.value as Blockchain)}
          >
            {Object.values(Blockchain).map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </div>
        <div className="field wide">
          <label htmlFor="reconcile-tx">On-chain hash</label>
          <input
            id="reconcile-tx"
            required
            value={onChainTx}
            onChange={(event) => setOnChainTx(event.target.value)}
          />
        </div>
        <div className="field wide">
          <label htmlFor="reconcile-transaction">Transaction id (Solana, Celo)</label>
          <input
            id="reconcile-transaction"
            value={transactionId}
            onChange={(event) => setTransactionId(event.target.value)}
          />
        </div>
        <button type="submit">Reconcile</button>
      </form>
      {outcome && (
        <p role={outcome.failed ? 'alert' : 'status'} className={outcome.failed ? 'error' : undefined}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
