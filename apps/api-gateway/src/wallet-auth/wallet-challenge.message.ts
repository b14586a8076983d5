import type { ChainFamily } from '@payout/rails';

export interface ChallengeMessageFields {
  readonly domain: string;
  readonly address: string;
  readonly chainFamily: ChainFamily;
  readonly chainId: string;
  readonly nonce: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

const CHAIN_NAME: Readonly<Record<ChainFamily, string>> = {
  stellar: 'Stellar',
  solana: 'Solana',
  evm: 'EVM',
};

// What the wallet shows its user before signing: who asks, why, and that it costs nothing.
// Modelled on Sign-In with Ethereum (EIP-4361) without claiming to be it, because its parsers
// expect fields (URI, version) that have no meaning here.
export function walletChallengeMessage(fields: ChallengeMessageFields): string {
  return [
    `${fields.domain} asks you to sign in with your ${CHAIN_NAME[fields.chainFamily]} account:`,
    fields.address,
    '',
    'Purpose: wallet authentication for the payout API. Signing proves you control this address; it sends no transaction and costs nothing.',
    '',
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
    `Expiration Time: ${fields.expiresAt.toISOString()}`,
  ].join('\n');
}
