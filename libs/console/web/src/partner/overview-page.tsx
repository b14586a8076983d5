import type { ConsoleApi } from '../api/console-api.js';
import { corridorOf, type TransactionStats } from '../api/stats.js';
import { LoadState } from '../layout/load-state.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { StackedBarChart, type Bar } from '../layout/stacked-bar-chart.js';
import { useLoad } from '../layout/use-load.js';
import { FiguresPanel } from './figures-panel.js';
import { formatUtcDay } from '../format/time.js';
import { formatCount, formatMoney } from '../format/money.js';

const DAYS = 14;

function perDay(stats: TransactionStats): Bar[] {
  const days = [...new Set(stats.daily.map((row) => row.day))];
  return days.map((day) => ({
    label: day,
    parts: stats.daily
      .filter((row) => row.day === day)
      .map((row) => ({ series: corridorOf(row), value: row.count })),
  }));
}

// What a person would rather look at than read: activity per day by corridor, and the status mix.
export function OverviewPage({ api }: { api: ConsoleApi }) {
  const { result } = useLoad(() => api.get<TransactionStats>('/transactions/stats', { days: DAYS }), [api]);
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      <FiguresPanel api={api} />
      <h2>The last {DAYS} days</h2>
      <LoadState load={result}>
        {(stats) =>
          stats.daily.length === 0 ? (
            <p>No transaction in the last {DAYS} days.</p>
          ) : (
            <>
              <StackedBarChart title="Transactions per day (UTC), by corridor" bars={perDay(stats)} />
              <StackedBarChart
                title="Where they stand now"
                bars={stats.statuses.map(({ status, count }) => ({
                  label: status.replaceAll('_', ' ').toLowerCase(),
                  parts: [{ series: 'transactions', value: count }],
                }))}
              />
              <ScrollTable
                label="Activity table"
                caption="Per day and corridor: count and crypto volume (fee included)"
                columns={['Day (UTC)', 'Corridor', 'Transactions', 'Volume']}
                cardsLeadWith={['Day (UTC)', 'Volume']}
              >
                {stats.daily.map((row) => (
                  <tr key={`${row.day} ${corridorOf(row)}`}>
                    <td>{formatUtcDay(row.day)}</td>
                    <td>{corridorOf(row)}</td>
                    <td className="amount">{formatCount(row.count)}</td>
                    <td className="amount">{formatMoney(row.volume, row.cryptoCurrency)}</td>
                  </tr>
                ))}
              </ScrollTable>
            </>
          )
        }
      </LoadState>
    </section>
  );
}
