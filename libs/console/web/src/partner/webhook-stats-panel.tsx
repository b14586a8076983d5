import type { ConsoleApi } from '../api/console-api.js';
import type { DailyAttempts, WebhookDeliveryStats } from '../api/webhook-stats.js';
import { LoadState } from '../layout/load-state.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { StackedBarChart, type Bar } from '../layout/stacked-bar-chart.js';
import { useLoad } from '../layout/use-load.js';
import { formatCount } from '../format/money.js';
import { formatUtcDay } from '../format/time.js';

const DAYS = 14;

const outcomes = (daily: readonly DailyAttempts[]): Bar[] =>
  daily.map((row) => ({
    label: row.day,
    parts: [
      { series: 'succeeded', value: row.successes },
      { series: 'failed', value: row.failures },
    ],
  }));

// The bar's top is the 95th percentile, its lower part the median: one bar says both.
const latencies = (daily: readonly DailyAttempts[]): Bar[] =>
  daily.map((row) => ({
    label: row.day,
    parts: [
      { series: 'median (p50), ms', value: row.p50LatencyMs },
      { series: 'from p50 up to p95, ms', value: row.p95LatencyMs - row.p50LatencyMs },
    ],
  }));

// How the partner's endpoint has been answering: attempts that succeeded or failed per day, and
// how long they took. `version` changes after a test delivery or a redelivery, to read it again.
export function WebhookStatsPanel({ api, version }: { api: ConsoleApi; version: number }) {
  const { result } = useLoad(
    () => api.get<WebhookDeliveryStats>('/webhooks/deliveries/stats', { days: DAYS }),
    [api, version],
  );
  return (
    <section aria-labelledby="webhook-stats-title">
      <h2 id="webhook-stats-title">Success rate and latency (last {DAYS} days)</h2>
      <LoadState load={result}>
        {({ daily }) =>
          daily.length === 0 ? (
            <p>No delivery attempt in the last {DAYS} days.</p>
          ) : (
            <>
              <div className="chart-pair">
                <StackedBarChart
                  title="Delivery attempts per day (UTC), succeeded and failed"
                  bars={outcomes(daily)}
                />
                <StackedBarChart
                  title="Attempt latency per day (UTC): median and 95th percentile"
                  bars={latencies(daily)}
                />
              </div>
              <ScrollTable
                label="Webhook attempts table"
                caption="Per day (UTC): attempts, how many succeeded, success rate and latency"
                columns={[
                  'Day (UTC)',
                  'Attempts',
                  'Succeeded',
                  'Failed',
                  'Success rate',
                  'p50 (ms)',
                  'p95 (ms)',
                ]}
                cardsLeadWith={['Day (UTC)', 'Success rate']}
              >
                {daily.map((row) => (
                  <tr key={row.day}>
                    <td>{formatUtcDay(row.day)}</td>
                    <td className="amount">{formatCount(row.attempts)}</td>
                    <td className="amount">{formatCount(row.successes)}</td>
                    <td className="amount">{formatCount(row.failures)}</td>
                    <td className="amount">{Math.round((100 * row.successes) / row.attempts)} %</td>
                    <td className="amount">{formatCount(row.p50LatencyMs)}</td>
                    <td className="amount">{formatCount(row.p95LatencyMs)}</td>
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
