import { useState } from 'react';
import { newKeyBody, type ApiKeyPage, type ApiKeyView, type IssuedApiKey } from '../api/api-keys.js';
import { ApiError } from '../api/console-api.js';
import { ApiKeyTable, KeyChangeOutcome, NewKeyForm } from '../layout/api-key-table.js';
import { LoadState } from '../layout/load-state.js';
import { Pager } from '../layout/pager.js';
import { useLoad } from '../layout/use-load.js';
import type { Session } from '../session/session.js';

const PAGE_SIZE = 20;

// Rotation without downtime: create a key, move the servers to it, revoke the old one. The keys
// come a page at a time, newest first, so a new key shows at the top of the first page.
export function ApiKeysPage({ session }: { session: Session }) {
  const { api, keyPrefix } = session;
  const [pageNumber, setPageNumber] = useState(1);
  const { result, reload } = useLoad(
    () => api.get<ApiKeyPage>('/partner/keys', { page: pageNumber, pageSize: PAGE_SIZE }),
    [api, pageNumber],
  );
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

  const create = (name: string) =>
    run(async () => {
      setIssued(await api.send<IssuedApiKey>('POST', '/partner/keys', newKeyBody(name)));
      setPageNumber(1);
    });

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
      <NewKeyForm action="Create key" onCreate={(name) => void create(name)} />
      <KeyChangeOutcome issued={issued} onDismiss={() => setIssued(null)} failure={failure} />
      <LoadState load={result}>
        {(page) => (
          <>
            <p>
              {page.activeKeys} of {page.maxActiveKeys} active keys allowed
              {page.activeKeys >= page.maxActiveKeys &&
                ': revoke one you no longer use before creating another'}
              .
            </p>
            <ApiKeyTable
              label="API keys table"
              keys={page.keys}
              onRevoke={revoke}
              remark={(key) => (key.displayPrefix === keyPrefix ? ' (this session)' : '')}
            />
            <Pager page={page.page} pageSize={page.pageSize} total={page.total} onPage={setPageNumber} />
          </>
        )}
      </LoadState>
    </section>
  );
}
