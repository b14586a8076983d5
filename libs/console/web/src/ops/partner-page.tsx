import type { ConsoleApi } from '../api/console-api.js';
import type { PartnerSummary } from '../api/ops-partners.js';
import { Link } from '../layout/link.js';
import { LoadState } from '../layout/load-state.js';
import { Time } from '../format/time-view.js';
import { useLoad } from '../layout/use-load.js';
import { DisabledUsersPanel } from './disabled-users-panel.js';
import { KybPanel } from './kyb-panel.js';
import { KycPolicyPanel } from './kyc-policy-panel.js';
import { PartnerKeysPanel } from './partner-keys-panel.js';
import { PartnerLimitsPanel } from './partner-limits-panel.js';
import { RateLimitsPanel } from './rate-limits-panel.js';

// One partner: who it is, its keys, its KYB and KYC policy, its disabled users, its usage of the
// payout caps today and its rate limits.
export function PartnerPage({ api, partnerId }: { api: ConsoleApi; partnerId: string }) {
  const { result } = useLoad(() => api.get<PartnerSummary>(`/ops/partners/${partnerId}`), [api, partnerId]);
  return (
    <section aria-labelledby="partner-title">
      <p>
        <Link to="/partners">← All partners</Link>
      </p>
      <LoadState load={result}>
        {(partner) => (
          <>
            <h1 id="partner-title">{partner.name}</h1>
            <p className="note">
              Partner <span className="mono">{partner.id}</span>, created <Time at={partner.createdAt} />
            </p>
            <PartnerKeysPanel api={api} partnerId={partner.id} />
            <KybPanel api={api} partnerId={partner.id} />
            <KycPolicyPanel api={api} partnerId={partner.id} />
            <DisabledUsersPanel api={api} partnerId={partner.id} />
            <PartnerLimitsPanel api={api} partnerId={partner.id} />
            <RateLimitsPanel api={api} partnerId={partner.id} />
          </>
        )}
      </LoadState>
    </section>
  );
}
