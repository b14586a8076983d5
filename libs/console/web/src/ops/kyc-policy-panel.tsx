import { useState, type FormEvent } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import { KYC_POLICY_MODES, type KycPolicy, type KycPolicyMode } from '../api/ops-partners.js';
import { LoadState } from '../layout/load-state.js';
import { useLoad } from '../layout/use-load.js';
import { kycThresholdProblem } from './change-checks.js';
import { changeFailure, confirmChange } from './confirm-change.js';
import { formatMoney } from '../format/money.js';

const MODE_MEANING: Readonly<Record<KycPolicyMode, string>> = {
  off: 'never asks for KYC',
  always: 'asks for KYC before every first payout of a user',
  threshold: "asks for KYC once a user's 30-day volume passes the threshold",
};

// A partner's KYC policy, and a new one set after confirmation.
export function KycPolicyPanel({ api, partnerId }: { api: ConsoleApi; partnerId: string }) {
  const path = `/ops/kyc-policies/${partnerId}`;
  const { result, reload } = useLoad(() => api.get<KycPolicy>(path), [api, path]);
  return (
    <section aria-labelledby="kyc-policy-title" className="panel">
      <h2 id="kyc-policy-title">KYC policy</h2>
      <LoadState load={result}>
        {(policy) => (
          <>
            <p>
              Now: <strong>{policy.mode}</strong> — {MODE_MEANING[policy.mode]}
              {policy.mode === 'threshold' && ` (${formatMoney(policy.thresholdAmount, 'USD')})`}
              {policy.source === 'default' && ', the platform default'}.
            </p>
            {/* A new key starts the form afresh from the policy just loaded. */}
            <KycPolicyForm
              key={`${policy.mode}-${policy.thresholdAmount}`}
              api={api}
              policy={policy}
              onDone={reload}
            />
          </>
        )}
      </LoadState>
    </section>
  );
}

function KycPolicyForm(props: { api: ConsoleApi; policy: KycPolicy; onDone: () => void }) {
  const { api, policy, onDone } = props;
  const [mode, setMode] = useState<KycPolicyMode>(policy.mode);
  const [threshold, setThreshold] = useState(
    policy.source === 'partner' && policy.mode === 'threshold' ? policy.thresholdAmount : '',
  );
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const amount = threshold.trim();
    const problem = mode === 'threshold' ? kycThresholdProblem(amount) : null;
    setError(problem);
    if (problem) return;
    const described = mode === 'threshold' ? `threshold at ${amount || 'the default amount'}` : mode;
    if (!confirmChange(`Set this partner's KYC policy to ${described}?`)) return;
    try {
      await api.send('PUT', `/ops/kyc-policies/${policy.partnerId}`, {
        mode,
        thresholdAmount: mode === 'threshold' && amount ? amount : null,
      });
      onDone();
    } catch (failure) {
      setError(changeFailure(failure));
    }
  }

  return (
    <form className="row" onSubmit={save} aria-label="Set the KYC policy">
      <div className="field">
        <label htmlFor="kyc-mode">Mode</label>
        <select id="kyc-mode" value={mode} onChange={(event) => setMode(event.target.value as KycPolicyMode)}>
          {KYC_POLICY_MODES.map((value) => (
            <option key={value}>{value}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="kyc-threshold">Threshold, USD (blank: default)</label>
        <input
          id="kyc-threshold"
          inputMode="decimal"
          disabled={mode !== 'threshold'}
          value={threshold}
          onChange={(event) => setThreshold(event.target.value)}
        />
      </div>
      <button type="submit">Set policy</button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
