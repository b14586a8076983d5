import type { ServiceName } from './service-name.js';

// The gateway authenticates callers and forwards who they are to the services in a short-lived
// signed token; services never see partner credentials.
export const INTERNAL_IDENTITY_HEADER = 'x-internal-identity';

export type PartnerAuthScheme = 'api_key' | 'bearer';

export type InternalIdentity =
  | {
      readonly kind: 'partner';
      readonly partnerId: string;
      readonly scheme: PartnerAuthScheme;
      // Set for Bearer (wallet) callers: the wallet address acting as the partner's user.
      readonly walletUser: string | null;
    }
  | { readonly kind: 'ops' }
  | { readonly kind: 'service'; readonly service: ServiceName };

export type InternalIdentityKind = InternalIdentity['kind'];

// A partner's request, by its API key or a wallet session.
export type PartnerIdentity = Extract<InternalIdentity, { kind: 'partner' }>;
