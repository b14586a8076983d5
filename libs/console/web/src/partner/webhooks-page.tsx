import { useState } from 'react';
import { ApiError, type ConsoleApi } from '../api/console-api.js';
import type { WebhookEndpoint } from '../api/webhooks.js';
import { LoadState } from '../layout/load-state.js';
import { useLoad } from '../layout/use-load.js';
import { WebhookDeliveriesTable } from './webhook-deliveries-table.js';
import { WebhookEndpointPanel } from './webhook-endpoint-panel.js';
import { WebhookStatsPanel } from './webhook-stats-panel.js';

// 404 before registration: then there is no endpoint yet, which is no failure.
const endpointOrNone = (api: ConsoleApi) =>
  api.get<WebhookEndpoint>('/webhooks/endpoint').catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });

export function WebhooksPage({ api }: { api: ConsoleApi }) {
  // Bumped after every change, so the deliveries list shows its effect.
  const [version, setVersion] = useState(0);
  const bump = () => setVersion((value) => value + 1);
  const { result } = useLoad(() => endpointOrNone(api), [api]);

  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <LoadState load={result}>
        {(endpoint) => <WebhookEndpointPanel api={api} endpoint={endpoint} onChange={bump} />}
      </LoadState>
      <WebhookStatsPanel api={api} version={version} />
      <WebhookDeliveriesTable api={api} version={version} onRedeliver={bump} />
    </section>
  );
}
