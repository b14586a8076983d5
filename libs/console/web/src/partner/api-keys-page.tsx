import { useState } from 'react';
import type { ApiKeyView, IssuedApiKey } from '../api/api-keys.js';
import { ApiError } from '../api/console-api.js';
import { ApiKeyTable, KeyChangeOutcome } from '../layout/api-key-table.js';
import { LoadState } from '../layout/load-state.js';
import { useLoad } from '../layout/use-load.js';
import type { Session } from '../session/session.js';

// Rotation without downtime: create a key, move the servers to it, revoke the old one.
export function ApiKeysPage({ session }: { session: Session }) {
  const { api, keyPrefix } = session;
  const { result, reload } = useLoad(() => api.get<{ keys: readonly ApiKeyView[] }>('/partner/keys'), [api]);
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(call: () => Promise<void>) {
    setFailure(null);
    try {
      await call();
      reload();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.reason : 'The request failed.');
    }
  }

  const create = () => run(async () => setIssued(await api.send<IssuedApiKey>('POST', '/partner/keys')));

  function revoke(key: ApiKeyView) {
    const ownKey = key.displayPrefix === keyPrefix;
    const question = ownKey
      ? `Revoke ${key.displayPrefix}…? This console signed in with it and stops working until you sign in with another key.`
      : `Revoke ${key.displayPrefix}…? Servers still using it are refused from the next request.`;
    if (!window.confirm(question)) return;
    void run(() => api.send('DELETE', `/partner/keys/${key.keyId}`));
  }

  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">API keys</h1>
      <p className="note">
        A key is shown once, when it is created. To rotate one, create a new key, move to it, then revoke the
        old one.
      </p>
      <button type="button" onClick={() => void create()}>
        Create key
      </button>
      <KeyChangeOutcome issued={issued} onDismiss={() => setIssued(null)} failure={failure} />
      <LoadState load={result}>
        {({ keys }) => (
          <ApiKeyTable
            label="API keys table"
            keys={keys}
            onRevoke={revoke}
            remark={(key) => (key.displayPrefix === keyPrefix ? ' (this session)' : '')}
          />
        )}
      </LoadState>
    </section>
  );
}
