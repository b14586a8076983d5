import { PublicKey } from '@solana/web3.js';
import { StrKey } from '@stellar/stellar-sdk';
import { getAddress } from 'ethers';
import { CHAIN_FAMILIES, CHAIN_RAILS, chainRail, type ChainFamily } from '@payout/rails';
import type { Blockchain } from '@shared/contracts';
import { WalletAuthError, WalletAuthErrorCode } from './wallet-auth.errors.js';

export interface WalletChain {
  // Canonical form: EVM addresses are checksummed, so one wallet is one user whatever its case.
  readonly address: string;
  readonly chainFamily: ChainFamily;
  // CAIP-2, e.g. stellar:pubnet.
  readonly chainId: string;
}

export interface WalletChainRequest {
  readonly address: string;
  // Null as absent: the DTO's IsOptional lets a JSON null through.
  readonly chainId?: string | null | undefined;
  readonly blockchain?: Blockchain | null | undefined;
}

// A CAIP-2 namespace (WalletConnect's) names the family whose wallets sign on its chains.
const FAMILY_OF_NAMESPACE: ReadonlyMap<string, ChainFamily> = new Map(
  Object.values(CHAIN_RAILS).map((rail) => [rail.walletConnect.namespace, rail.family]),
);
const ADDRESS_KIND: Readonly<Record<ChainFamily, string>> = {
  stellar: 'Stellar public key (G…)',
  solana: 'Solana public key (base58)',
  evm: 'EVM address (0x…)',
};
const BASE58_PUBLIC_KEY = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

// Which chain a wallet signs on: from chainId or blockchain when given, else from the address
// itself (the three address formats never overlap).
export function resolveWalletChain(request: WalletChainRequest): WalletChain {
  const chainFamily = requestedFamily(request) ?? inferredFamily(request.address);
  const address = normaliseAddress(chainFamily, request.address);
  if (address === null) {
    throw new WalletAuthError(
      WalletAuthErrorCode.INVALID_ADDRESS,
      `address is not a valid ${ADDRESS_KIND[chainFamily]}`,
    );
  }
  const chainId =
    request.chainId ??
    (request.blockchain ? chainRail(request.blockchain).chainId : defaultChainId(chainFamily));
  return { address, chainFamily, chainId };
}

// The canonical address, or null when it is not an address of that family.
export function normaliseAddress(chainFamily: ChainFamily, address: string): string | null {
  switch (chainFamily) {
    case 'stellar':
      return StrKey.isValidEd25519PublicKey(address) ? address : null;
    case 'solana':
      return isSolanaPublicKey(address) ? address : null;
    case 'evm':
      return EVM_ADDRESS.test(address) ? checksummed(address) : null;
  }
}

function requestedFamily({ chainId, blockchain }: WalletChainRequest): ChainFamily | null {
  const fromChainId = chainId == null ? null : familyOfChainId(chainId);
  const fromBlockchain = blockchain == null ? null : chainRail(blockchain).family;
  if (fromChainId && fromBlockchain && fromChainId !== fromBlockchain) {
    throw new WalletAuthError(
      WalletAuthErrorCode.UNSUPPORTED_CHAIN,
      `chainId ${chainId} is not a chain of blockchain ${blockchain}`,
    );
  }
  return fromChainId ?? fromBlockchain;
}

function familyOfChainId(chainId: string): ChainFamily {
  const family = FAMILY_OF_NAMESPACE.get(chainId.slice(0, chainId.indexOf(':')));
  if (!family) {
    throw new WalletAuthError(
      WalletAuthErrorCode.UNSUPPORTED_CHAIN,
      `chainId ${chainId} is not supported; use a stellar:, solana: or eip155: chain`,
    );
  }
  return family;
}

function inferredFamily(address: string): ChainFamily {
  const family = CHAIN_FAMILIES.find((candidate) => normaliseAddress(candidate, address) !== null);
  if (!family) {
    throw new WalletAuthError(
      WalletAuthErrorCode.INVALID_ADDRESS,
      'address is not a Stellar, Solana or EVM address',
    );
  }
  return family;
}

function defaultChainId(chainFamily: ChainFamily): string {
  const rail = Object.values(CHAIN_RAILS).find((candidate) => candidate.family === chainFamily);
  // Every family has a chain; the fallback only satisfies the type checker.
  return rail?.chainId ?? chainFamily;
}

function isSolanaPublicKey(address: string): boolean {
  if (!BASE58_PUBLIC_KEY.test(address)) return false;
  try {
    // Round-tripping rejects strings that decode to a key but are not its canonical spelling.
    return new PublicKey(address).toBase58() === address;
  } catch {
    return false;
  }
}

// Mixed case must carry a valid EIP-55 checksum; all-lower or all-upper is accepted as is.
function checksummed(address: string): string | null {
  try {
    return getAddress(address);
  } catch {
    return null;
  }
}
