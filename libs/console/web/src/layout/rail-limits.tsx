import { formatCount, formatMoney } from '../format/money.js';
import { capText, railName, type RailUsage } from '../api/rail-caps.js';
import { ScrollTable } from './scroll-table.js';

// "2,500,000.00 COP of 25,000,000.00 COP (10%)", or the amount alone where uncapped. Shares are
// for the eye only: the amounts themselves are the API's exact decimals.
function against(used: string | number, cap: string | number | null, currency?: string) {
  const usedText = capText(used, currency);
  if (cap === null) return `${usedText} (uncapped)`;
  const share = Number(cap) > 0 ? Math.floor((Number(used) / Number(cap)) * 100) : 100;
  return `${usedText} of ${capText(cap, currency)} (${share}%)`;
}

// One rail's caps and a partner's usage today (`users` names whose: "your users", "its users").
export function RailLimits({ rail, users }: { rail: RailUsage; users: string }) {
  const name = railName(rail);
  const { caps, targetCurrency: currency } = rail;
  return (
    <section aria-label={`Limits of ${name}`} className="panel">
      <h2>{name}</h2>
      <p>
        Today ({rail.day}, {rail.timeZone}): {users} were paid {formatMoney(rail.partner.amount, currency)} in{' '}
        {formatCount(rail.partner.count)} {rail.partner.count === 1 ? 'transaction' : 'transactions'}. Per
        transaction: {capText(caps.perTransaction, currency)}; per rail per day, across the platform:{' '}
        {capText(caps.perPaymentMethodDailyAmount, currency)}.
      </p>
      {rail.users.length === 0 ? (
        <p>None of {users} has a payout on this rail today.</p>
      ) : (
        <ScrollTable
          label={`Users of ${name} today`}
          caption="Today, most paid first, against the per-user caps"
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
