import { useState } from 'react';
import type { ApiKeyView, IssuedApiKey } from '../api/api-keys.js';
import type { ConsoleApi } from '../api/console-api.js';
import { ApiKeyTable, KeyChangeOutcome } from '../layout/api-key-table.js';
import { LoadState } from '../layout/load-state.js';
import { useLoad } from '../layout/use-load.js';
import { changeFailure, confirmChange } from './confirm-change.js';

// A partner's keys: issue one (shown once) or revoke one, each after confirmation.
export function PartnerKeysPanel({ api, partnerId }: { api: ConsoleApi; partnerId: string }) {
  const keysPath = `/ops/partners/${partnerId}/keys`;
  const { result, reload } = useLoad(
    () => api.get<{ keys: readonly ApiKeyView[] }>(keysPath),
    [api, keysPath],
  );
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function change(description: string, call: () => Promise<void>) {
    if (!confirmChange(description)) return;
    setError(null);
    try {
      await call();
      reload();
    } catch (failure) {
      setError(changeFailure(failure));
    }
  }

  const issue = () =>
    change('Issue a new API key for this partner?', async () =>
      setIssued(await api.send<IssuedApiKey>('POST', keysPath)),
    );
  const revoke = (key: ApiKeyView) =>
    change(
      `Revoke ${key.displayPrefix}…? The partner's servers using it are refused from the next request.`,
      () => api.send('DELETE', `${keysPath}/${key.keyId}`),
    );

  return (
    <section aria-labelledby="partner-keys-title" className="panel">
      <h2 id="partner-keys-title">API keys</h2>
      <button type="button" onClick={() => void issue()}>
        Issue key
      </button>
      <KeyChangeOutcome issued={issued} onDismiss={() => setIssued(null)} failure={error} />
      <LoadState load={result}>
        {({ keys }) =>
          keys.length === 0 ? (
            <p>No key: this partner does not exist or has none.</p>
          ) : (
            <ApiKeyTable label="Partner keys table" keys={keys} onRevoke={(key) => void revoke(key)} />
          )
        }
      </LoadState>
    </section>
  );
}
