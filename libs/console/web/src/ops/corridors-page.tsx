import type { ConsoleApi } from '../api/console-api.js';
import type { CorridorSnapshot } from '../api/corridors.js';
import { LoadState } from '../layout/load-state.js';
import { useLoad } from '../layout/use-load.js';
import { FlowsTable } from './flows-table.js';
import { RailCapsPanel } from './rail-caps-panel.js';
import { UnsupportedRoutes } from './unsupported-routes.js';

export function CorridorsPage({ api }: { api: ConsoleApi }) {
  const { result, reload } = useLoad(() => api.get<CorridorSnapshot>('/ops/corridors'), [api]);
  return (
    <section aria-labelledby="corridors-title">
      <h1 id="corridors-title">Corridors</h1>
      <LoadState load={result}>
        {(snapshot) => (
          <>
            <UnsupportedRoutes api={api} routes={snapshot.unsupported} onChange={reload} />
            <FlowsTable api={api} flows={snapshot.flows} onChange={reload} />
            <RailCapsPanel api={api} />
          </>
        )}
      </LoadState>
    </section>
  );
}
