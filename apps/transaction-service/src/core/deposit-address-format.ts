import { Blockchain } from '@shared/contracts';

// The shape of an account each chain accepts transfers to. A typo caught here is a deposit that
// is not sent to an address nobody controls.
const FORMATS: Readonly<Record<Blockchain, { readonly pattern: RegExp; readonly expected: string }>> = {
  [Blockchain.STELLAR]: { pattern: /^G[A-Z2-7]{55}$/, expected: 'a Stellar account id (G…, 56 characters)' },
  [Blockchain.SOLANA]: {
    pattern: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    expected: 'a Solana address (base58, 32 to 44 characters)',
  },
  [Blockchain.CELO]: { pattern: /^0x[0-9a-fA-F]{40}$/, expected: 'an EVM address (0x and 40 hex digits)' },
};

// Null when the address fits the chain, else why not.
export function depositAddressProblem(blockchain: Blockchain, address: string): string | null {
  const format = FORMATS[blockchain];
  return format.pattern.test(address) ? null : `A ${blockchain} deposit address must be ${format.expected}`;
}
