import { useState } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import type { HeldDepositAction, UnmatchedDeposit, UnmatchedDepositPage } from '../api/deposits.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { Time } from '../format/time-view.js';
import { useLoad } from '../layout/use-load.js';
import { HeldDepositForm } from './held-deposit-form.js';
import { ReconcileForm, type ReconcileRequest } from './reconcile-form.js';
import { PagedList } from './paged-list.js';
import { formatCount, formatMoney } from '../format/money.js';

const PAGE_SIZE = 50;

// Transfers that fund no transaction, newest first, and the tools to finish one: reconcile it,
// refund it, or assign it to the transaction it pays.
export function DepositsPage({ api }: { api: ConsoleApi }) {
  const [pageNumber, setPageNumber] = useState(1);
  const { result, reload } = useLoad(
    () => api.get<UnmatchedDepositPage>('/ops/deposits/unmatched', { page: pageNumber, pageSize: PAGE_SIZE }),
    [api, pageNumber],
  );
  const [chosen, setChosen] = useState<ReconcileRequest | null>(null);
  const [held, setHeld] = useState<{ deposit: UnmatchedDeposit; action: HeldDepositAction } | null>(null);
  return (
    <section aria-labelledby="deposits-title">
      <h1 id="deposits-title">Unmatched deposits</h1>
      {/* A new key starts the form afresh with the chosen transfer. */}
      <ReconcileForm key={chosen?.onChainTx ?? ''} api={api} initial={chosen} onDone={reload} />
      {held && (
        <HeldDepositForm
          key={`${held.deposit.id}-${held.action}`}
          api={api}
          deposit={held.deposit}
          action={held.action}
          onDone={reload}
          onCancel={() => setHeld(null)}
        />
      )}
      <PagedList load={result} empty="No unmatched deposit." onPage={setPageNumber}>
        {(page) => (
          <ScrollTable
            label="Unmatched deposits table"
            caption={<>{formatCount(page.total)} unmatched, newest first</>}
            columns={['Confirmed', 'Transfer', 'Amount', 'To', 'Memo', 'Why unmatched']}
            actions
            cardsLeadWith={['Amount', 'Why unmatched']}
          >
            {page.deposits.map((deposit) => (
              <tr key={deposit.id}>
                <td>
                  <Time at={deposit.confirmedAt} />
                </td>
                <td className="mono">
                  {deposit.blockchain} {deposit.on_chain_tx}
                </td>
                <td className="amount">{formatMoney(deposit.amount, deposit.cryptoCurrency)}</td>
                <td className="mono">{deposit.depositAddress}</td>
                <td className="mono">{deposit.memo ?? '—'}</td>
                <td>{deposit.reason ?? '—'}</td>
                <td className="actions">
                  <button
                    type="button"
                    className="secondary"
                    onClick={() =>
                      setChosen({ blockchain: deposit.blockchain, onChainTx: deposit.on_chain_tx })
                    }
                    aria-label={`Reconcile ${deposit.on_chain_tx}`}
                  >
                    Reconcile…
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setHeld({ deposit, action: 'refund' })}
                    aria-label={`Refund ${deposit.on_chain_tx}`}
                  >
                    Refund…
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setHeld({ deposit, action: 'assign' })}
                    aria-label={`Assign ${deposit.on_chain_tx} to a transaction`}
                  >
                    Assign to transaction…
                  </button>
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </PagedList>
    </section>
  );
}
