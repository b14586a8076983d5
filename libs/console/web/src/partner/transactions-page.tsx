import type { ConsoleApi } from '../api/console-api.js';
import { apiFilterOf, filtersOf, type TransactionSearch } from '../api/transactions.js';
import { useTimeZoneChoice } from '../format/time-zone-choice.js';
import { Link } from '../layout/link.js';
import { LoadState } from '../layout/load-state.js';
import { Pager } from '../layout/pager.js';
import { setQuery, useQuery } from '../layout/router.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { StatusBadge } from '../layout/status-badge.js';
import { useLoad } from '../layout/use-load.js';
import { CsvDownloadButton } from './csv-download-button.js';
import { TransactionFiltersForm } from './transaction-filters-form.js';
import { Time } from '../format/time-view.js';
import { formatCount, formatMoney } from '../format/money.js';

const PAGE_SIZE = 20;

// The filters and the page are the URL's query: a search can be bookmarked, sent or gone back to.
export function TransactionsPage({ api }: { api: ConsoleApi }) {
  const query = useQuery();
  const filters = filtersOf(query);
  const page = Math.max(1, Number(query.get('page')) || 1);
  const zone = useTimeZoneChoice();
  const { result } = useLoad(
    () =>
      api.get<TransactionSearch>('/transactions', {
        ...apiFilterOf(filters, zone),
        page,
        pageSize: PAGE_SIZE,
      }),
    [api, query.toString(), zone],
  );

  return (
    <section aria-labelledby="transactions-title">
      <h1 id="transactions-title">Transactions</h1>
      {/* Keyed by the query: going back in history shows that search's filters in the form. */}
      <TransactionFiltersForm
        key={query.toString()}
        initial={filters}
        onApply={(applied) => setQuery(applied)}
      />
      <CsvDownloadButton api={api} filter={apiFilterOf(filters, zone)} />
      <LoadState load={result}>
        {(search) => (
          <TransactionTable search={search} onPage={(next) => setQuery({ ...filters, page: next })} />
        )}
      </LoadState>
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
            {formatCount(search.total)} transaction{search.total === 1 ? '' : 's'}, newest first
          </>
        }
        columns={['Created', 'Transaction', 'User', 'Route', 'Deposit', 'Payout', 'Status']}
        cardsLeadWith={['Status', 'Payout']}
      >
        {search.transactions.map((transaction) => (
          <tr key={transaction.id}>
            <td>
              <Time at={transaction.createdAt} />
            </td>
            <td className="mono">
              <Link to={`/transactions/${transaction.id}`}>{transaction.id}</Link>
            </td>
            <td>{transaction.userId}</td>
            <td>
              {transaction.blockchain} → {transaction.paymentMethod}
            </td>
            <td className="amount">{formatMoney(transaction.sourceAmount, transaction.cryptoCurrency)}</td>
            <td className="amount">{formatMoney(transaction.targetAmount, transaction.targetCurrency)}</td>
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
