import { SetMetadata } from '@nestjs/common';
import type { InternalIdentityKind } from '@shared/contracts';

// Every route says who may call it; a service refuses to boot when one does not.
export type AuthPolicy = 'public' | InternalIdentityKind;

export const AUTH_POLICY = 'platform:auth-policy';

// A partner authenticated by the gateway (API key or wallet Bearer token).
export const PartnerAuth = () => SetMetadata(AUTH_POLICY, 'partner' satisfies AuthPolicy);
// The operations key (X-OPS-API-KEY), checked by the gateway.
export const OpsAuth = () => SetMetadata(AUTH_POLICY, 'ops' satisfies AuthPolicy);
// Another service of the platform, for /internal routes never exposed by the gateway.
export const InternalAuth = () => SetMetadata(AUTH_POLICY, 'service' satisfies AuthPolicy);
// No credential at all.
export const Public = () => SetMetadata(AUTH_POLICY, 'public' satisfies AuthPolicy);
