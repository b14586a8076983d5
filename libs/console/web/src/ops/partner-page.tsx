import type { ConsoleApi } from '../api/console-api.js';
import { Link } from '../layout/link.js';
import { KycPolicyPanel } from './kyc-policy-panel.js';
import { PartnerKeysPanel } from './partner-keys-panel.js';

// One partner: its keys and its KYC policy.
export function PartnerPage({ api, partnerId }: { api: ConsoleApi; partnerId: string }) {
  return (
    <section aria-labelledby="partner-title">
      <p>
        <Link to="/partners">← All partners</Link>
      </p>
      <h1 id="partner-title">
        Partner <span className="mono">{partnerId}</span>
      </h1>
      <PartnerKeysPanel api={api} partnerId={partnerId} />
      <KycPolicyPanel api={api} partnerId={partnerId} />
    </section>
  );
}
