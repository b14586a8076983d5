import { useState, type FormEvent } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import { KYB_STATUSES, type KybStatus, type PartnerKyb } from '../api/ops-partners.js';
import { LoadState } from '../layout/load-state.js';
import { formatDecimal } from '../format/money.js';
import { Time } from '../format/time-view.js';
import { useLoad } from '../layout/use-load.js';
import { changeFailure, confirmChange } from './confirm-change.js';

const STATUS_MEANING: Readonly<Record<KybStatus, string>> = {
  approved: 'its transactions are not limited by KYB',
  pending: 'its completed transactions may add up to',
  rejected: 'it cannot create transactions',
};

// What the partners list and a partner's page show of its KYB.
export const kybSummary = (kyb: Pick<PartnerKyb, 'status' | 'pendingLimit'>) =>
  kyb.status === 'pending' ? `pending (limit ${formatDecimal(kyb.pendingLimit)})` : kyb.status;

// A partner's business verification (KYB), and a new status (with a pending limit) set after
// confirmation.
export function KybPanel({ api, partnerId }: { api: ConsoleApi; partnerId: string }) {
  const path = `/ops/partner-kyb/${partnerId}`;
  const { result, reload } = useLoad(() => api.get<PartnerKyb>(path), [api, path]);
  return (
    <section aria-labelledby="kyb-title" className="panel">
      <h2 id="kyb-title">Business verification (KYB)</h2>
      <LoadState load={result}>
        {(kyb) => (
          <>
            <p>
              Now: <strong>{kyb.status}</strong> — {STATUS_MEANING[kyb.status]}
              {kyb.status === 'pending' && ` ${formatDecimal(kyb.pendingLimit)} units of the source asset`}
              {kyb.updatedBy && kyb.updatedAt ? (
                <>
                  {' '}
                  (set by {kyb.updatedBy}, <Time at={kyb.updatedAt} />)
                </>
              ) : (
                ', never set'
              )}
              .
            </p>
            {/* A new key starts the form afresh from the status just loaded. */}
            <KybForm key={`${kyb.status}-${kyb.updatedAt}`} api={api} kyb={kyb} onDone={reload} />
          </>
        )}
      </LoadState>
    </section>
  );
}

function KybForm(props: { api: ConsoleApi; kyb: PartnerKyb; onDone: () => void }) {
  const { api, kyb, onDone } = props;
  const [status, setStatus] = useState<KybStatus>(kyb.status);
  const [limit, setLimit] = useState(kyb.status === 'pending' ? kyb.pendingLimit : '');
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const amount = status === 'pending' ? limit.trim() : '';
    const described = status === 'pending' ? `pending, limited to ${amount || 'the default'}` : status;
    if (!confirmChange(`Set this partner's KYB to ${described}?`)) return;
    setError(null);
    try {
      await api.send('PUT', `/ops/partner-kyb/${kyb.partnerId}`, { status, pendingLimit: amount || null });
      onDone();
    } catch (failure) {
      setError(changeFailure(failure));
    }
  }

  return (
    <form className="row" onSubmit={save} aria-label="Set the KYB status">
      <div className="field">
        <label htmlFor="kyb-status">KYB status</label>
        <select
          id="kyb-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as KybStatus)}
        >
          {KYB_STATUSES.map((value) => (
            <option key={value}>{value}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="kyb-limit">Pending limit, source units (blank: default)</label>
        <input
          id="kyb-limit"
          inputMode="decimal"
          disabled={status !== 'pending'}
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
        />
      </div>
      <button type="submit">Set KYB</button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
