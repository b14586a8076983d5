import type { PartnerIdentity } from '@shared/contracts';

// Who asks about a user's KYC: a partner's server (any of its users) or a wallet holding a Bearer
// token (only itself; a token without a wallet user speaks for nobody).
export type KycCaller =
  | { readonly partnerId: string; readonly scope: 'partner' }
  | { readonly partnerId: string; readonly scope: 'wallet'; readonly walletUser: string | null };

export function kycCallerOf(identity: PartnerIdentity): KycCaller {
  return identity.scheme === 'bearer'
    ? { partnerId: identity.partnerId, scope: 'wallet', walletUser: identity.walletUser }
    : { partnerId: identity.partnerId, scope: 'partner' };
}

export function mayActFor(caller: KycCaller, userId: string): boolean {
  return caller.scope === 'partner' || caller.walletUser === userId;
}
