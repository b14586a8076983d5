import { useState } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import { NO_FILTERS, type TransactionFilters, type TransactionSearch } from '../api/transactions.js';
import { Link } from '../layout/link.js';
import { LoadState } from '../layout/load-state.js';
import { Pager } from '../layout/pager.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { StatusBadge } from '../layout/status-badge.js';
import { useLoad } from '../layout/use-load.js';
import { TransactionFiltersForm } from './transaction-filters-form.js';

const PAGE_SIZE = 20;

// A day picked in the form is a day where the person is: from its first instant to the next day's.
const startOfDay = (day: string, plusDays = 0) => {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
};

export function TransactionsPage({ api }: { api: ConsoleApi }) {
  const [filters, setFilters] = useState<TransactionFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const { result } = useLoad(
    () =>
      api.get<TransactionSearch>('/transactions', {
        q: filters.q.trim(),
        status: filters.status,
        blockchain: filters.blockchain,
        paymentMethod: filters.paymentMethod,
        from: startOfDay(filters.from),
        to: startOfDay(filters.to, 1),
        page,
        pageSize: PAGE_SIZE,
      }),
    [api, filters, page],
  );

  return (
    <section aria-labelledby="transactions-title">
      <h1 id="transactions-title">Transactions</h1>
      <TransactionFiltersForm
        onApply={(applied) => {
          setFilters(applied);
          setPage(1);
        }}
      />
      <LoadState load={result}>{(search) => <TransactionTable search={search} onPage={setPage} />}</LoadState>
    </section>
  );
}

function TransactionTable({ search, onPage }: { search: TransactionSearch; onPage: (page: number) => void }) {
  if (search.total === 0) return <p>No transaction matches.</p>;
  return (
    <>
      <ScrollTable
        label="Transactions table"
        caption={
          <>
            {search.total} transaction{search.total === 1 ? '' : 's'}, newest first
          </>
        }
        columns={['Created', 'Transaction', 'User', 'Route', 'Deposit', 'Payout', 'Status']}
      >
        {search.transactions.map((transaction) => (
          <tr key={transaction.id}>
            <td>{new Date(transaction.createdAt).toLocaleString()}</td>
            <td className="mono">
              <Link to={`/transactions/${transaction.id}`}>{transaction.id}</Link>
            </td>
            <td>{transaction.userId}</td>
            <td>
              {transaction.blockchain} → {transaction.paymentMethod}
            </td>
            <td className="amount">
              {transaction.sourceAmount} {transaction.cryptoCurrency}
            </td>
            <td className="amount">
              {transaction.targetAmount} {transaction.targetCurrency}
            </td>
            <td>
              <StatusBadge status={transaction.status} />
            </td>
          </tr>
        ))}
      </ScrollTable>
      <Pager page={search.page} pageSize={search.pageSize} total={search.total} onPage={onPage} />
    </>
  );
}
