import type { ConsoleApi } from '../api/console-api.js';
import { railName, type RailUsage } from '../api/rail-caps.js';
import { LoadState } from '../layout/load-state.js';
import { RailLimits } from '../layout/rail-limits.js';
import { useLoad } from '../layout/use-load.js';

// A partner's usage today against each rail's payout caps, as its own Limits page shows it.
export function PartnerLimitsPanel({ api, partnerId }: { api: ConsoleApi; partnerId: string }) {
  const path = `/ops/cap-usage/${partnerId}`;
  const { result } = useLoad(() => api.get<{ rails: RailUsage[] }>(path), [api, path]);
  return (
    <section aria-labelledby="partner-limits-title" className="panel">
      <h2 id="partner-limits-title">Limits today</h2>
      <LoadState load={result}>
        {({ rails }) => (
          <>
            {rails.map((rail) => (
              <RailLimits key={railName(rail)} rail={rail} users="its users" />
            ))}
          </>
        )}
      </LoadState>
    </section>
  );
}
