import type { ConsoleApi } from '../api/console-api.js';
import { railName, type RailUsage } from '../api/rail-caps.js';
import { LoadState } from '../layout/load-state.js';
import { RailLimits } from '../layout/rail-limits.js';
import { useLoad } from '../layout/use-load.js';

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
              <RailLimits key={railName(rail)} rail={rail} users="your users" />
            ))}
          </>
        )}
      </LoadState>
    </section>
  );
}
