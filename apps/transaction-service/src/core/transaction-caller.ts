import type { PartnerIdentity } from '@shared/contracts';

// Who acts on transactions: a partner's server (any of its users) or a wallet holding a Bearer
// token (only itself; a token without a wallet user speaks for nobody).
export interface TransactionCaller {
  readonly partnerId: string;
  readonly walletOnly: boolean;
  readonly walletUser: string | null;
}

export function transactionCallerOf(identity: PartnerIdentity): TransactionCaller {
  return {
    partnerId: identity.partnerId,
    walletOnly: identity.scheme === 'bearer',
    walletUser: identity.walletUser,
  };
}

export function mayActFor(caller: TransactionCaller, userId: string): boolean {
  return !caller.walletOnly || caller.walletUser === userId;
}
