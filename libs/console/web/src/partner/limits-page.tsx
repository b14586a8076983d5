import type { ConsoleApi } from '../api/console-api.js';
import { capText, railName, type RailUsage } from '../api/rail-caps.js';
import { LoadState } from '../layout/load-state.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { useLoad } from '../layout/use-load.js';

// "2500000 of 25000000 COP (10%)", or the amount alone where uncapped. Shares are for the eye
// only: the amounts themselves are the API's exact decimals.
function against(used: string | number, cap: string | number | null, currency = '') {
  const unit = currency && ` ${currency}`;
  if (cap === null) return `${used}${unit} (uncapped)`;
  const share = Number(cap) > 0 ? Math.floor((Number(used) / Number(cap)) * 100) : 100;
  return `${used} of ${cap}${unit} (${share}%)`;
}

// The partner's usage today against each rail's payout caps (README, "Payout limits").
export function LimitsPage({ api }: { api: ConsoleApi }) {
  const { result } = useLoad(() => api.get<{ rails: RailUsage[] }>('/transactions/limits'), [api]);
  return (
    <section aria-labelledby="limits-title">
      <h1 id="limits-title">Limits</h1>
      <LoadState load={result}>
        {({ rails }) => (
          <>
            {rails.map((rail) => (
              <RailLimits key={railName(rail)} rail={rail} />
            ))}
          </>
        )}
      </LoadState>
    </section>
  );
}

function RailLimits({ rail }: { rail: RailUsage }) {
  const name = railName(rail);
  const { caps, targetCurrency: currency } = rail;
  return (
    <section aria-label={`Limits of ${name}`} className="panel">
      <h2>{name}</h2>
      <p>
        Today ({rail.day}, {rail.timeZone}): your users were paid {rail.partner.amount} {currency} in{' '}
        {rail.partner.count} {rail.partner.count === 1 ? 'transaction' : 'transactions'}. Per transaction:{' '}
        {capText(caps.perTransaction, currency)}; per rail per day, across the platform:{' '}
        {capText(caps.perPaymentMethodDailyAmount, currency)}.
      </p>
      {rail.users.length === 0 ? (
        <p>No user of yours has a payout on this rail today.</p>
      ) : (
        <ScrollTable
          label={`Users of ${name} today`}
          caption="Your users today, most paid first, against the per-user caps"
          columns={['User', 'Paid today', 'Transactions today']}
        >
          {rail.users.map((user) => (
            <tr key={user.userId}>
              <th scope="row">{user.userId}</th>
              <td className="amount">{against(user.amount, caps.perUserDailyAmount, currency)}</td>
              <td className="amount">{against(user.count, caps.perUserDailyCount)}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}
