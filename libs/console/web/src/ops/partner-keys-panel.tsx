import { useState, type FormEvent } from 'react';
import { newKeyBody, type ApiKeyPage, type ApiKeyView, type IssuedApiKey } from '../api/api-keys.js';
import type { ConsoleApi } from '../api/console-api.js';
import type { PartnerSummary } from '../api/ops-partners.js';
import { ApiKeyTable, KeyChangeOutcome, NewKeyForm } from '../layout/api-key-table.js';
import { LoadState } from '../layout/load-state.js';
import { useLoad } from '../layout/use-load.js';
import { changeFailure, confirmChange } from './confirm-change.js';
import { PagedList } from './paged-list.js';

const PAGE_SIZE = 20;

// A partner's keys a page at a time, newest first: issue one (shown once) or revoke one, and set
// how many it may hold (its key quota), each after confirmation.
export function PartnerKeysPanel({ api, partnerId }: { api: ConsoleApi; partnerId: string }) {
  const keysPath = `/ops/partners/${partnerId}/keys`;
  const [pageNumber, setPageNumber] = useState(1);
  const { result, reload } = useLoad(
    () => api.get<ApiKeyPage>(keysPath, { page: pageNumber, pageSize: PAGE_SIZE }),
    [api, keysPath, pageNumber],
  );
  // Its key quota with where it comes from (the default, or set by an operator).
  const partner = useLoad(() => api.get<PartnerSummary>(`/ops/partners/${partnerId}`), [api, partnerId]);
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reloadBoth = () => {
    reload();
    partner.reload();
  };

  async function change(description: string, call: () => Promise<void>) {
    if (!confirmChange(description)) return;
    setError(null);
    try {
      await call();
      reloadBoth();
    } catch (failure) {
      setError(changeFailure(failure));
    }
  }

  const issue = (name: string) =>
    change(`Issue a new API key${name.trim() ? ` named ${name.trim()}` : ''} for this partner?`, async () => {
      setIssued(await api.send<IssuedApiKey>('POST', keysPath, newKeyBody(name)));
      setPageNumber(1);
    });
  const revoke = (key: ApiKeyView) =>
    change(
      `Revoke ${key.displayPrefix}…? The partner's servers using it are refused from the next request.`,
      () => api.send('DELETE', `${keysPath}/${key.keyId}`),
    );

  return (
    <section aria-labelledby="partner-keys-title" className="panel">
      <h2 id="partner-keys-title">API keys</h2>
      <NewKeyForm action="Issue key" onCreate={(name) => void issue(name)} />
      <KeyChangeOutcome issued={issued} onDismiss={() => setIssued(null)} failure={error} />
      <LoadState load={partner.result}>
        {(summary) => (
          <p>
            {summary.activeKeys} of {summary.maxActiveKeys} active keys allowed
            {summary.keyQuotaSource === 'default' ? ', the default quota' : ', a quota set by operations'}.
          </p>
        )}
      </LoadState>
      <PagedList
        load={result}
        empty="No key: this partner does not exist or has none."
        onPage={setPageNumber}
      >
        {(page) => (
          <ApiKeyTable label="Partner keys table" keys={page.keys} onRevoke={(key) => void revoke(key)} />
        )}
      </PagedList>
      <KeyQuotaForm api={api} partnerId={partnerId} onDone={reloadBoth} />
    </section>
  );
}

// The partner's key quota: a number, or blank for the default (API_KEY_QUOTA_DEFAULT).
function KeyQuotaForm(props: { api: ConsoleApi; partnerId: string; onDone: () => void }) {
  const { api, partnerId, onDone } = props;
  const [quota, setQuota] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const maxActiveKeys = quota.trim() === '' ? null : Number(quota);
    const question =
      maxActiveKeys === null
        ? "Set this partner's key quota back to the default?"
        : `Allow this partner at most ${maxActiveKeys} active API keys?`;
    if (!confirmChange(question)) return;
    setError(null);
    try {
      await api.send<PartnerSummary>('PUT', `/ops/partners/${partnerId}/key-quota`, { maxActiveKeys });
      setQuota('');
      onDone();
    } catch (failure) {
      setError(changeFailure(failure));
    }
  }

  return (
    <form className="row" onSubmit={save} aria-label="Set the key quota">
      <div className="field">
        <label htmlFor="key-quota">Key quota, active keys (blank: default)</label>
        <input
          id="key-quota"
          inputMode="numeric"
          pattern="[0-9]*"
          value={quota}
          onChange={(event) => setQuota(event.target.value)}
        />
      </div>
      <button type="submit">Set key quota</button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
