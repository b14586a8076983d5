import type { Blockchain } from '@shared/contracts';

// The kinds of chain whose wallets sign alike (one signature scheme, one address format).
export const CHAIN_FAMILIES = ['stellar', 'solana', 'evm'] as const;
export type ChainFamily = (typeof CHAIN_FAMILIES)[number];

// How a transfer finds its transaction. `memo`: one shared account per chain, and the transfer's
// memo names the transaction. `address`: every transaction gets its own deposit address (derived
// by chain-watchers), so where the transfer went says whose it is.
export type DepositBinding = 'memo' | 'address';

export interface NotifyRequirement {
  // Where the client reports its transfer, or null when deposits are detected on their own.
  readonly endpoint: string | null;
  readonly required: boolean;
}

// When a transfer on the chain counts: `ledger` — a closed ledger is final (no reorganisations);
// `commitment` — the cluster's commitment level (Solana); `confirmations` — blocks on top of the
// transfer's (EVM). The defaults are what a deployment runs with unless its config says otherwise.
export type Finality =
  | { readonly rule: 'ledger' }
  | { readonly rule: 'commitment'; readonly defaultCommitment: 'confirmed' | 'finalized' }
  | { readonly rule: 'confirmations'; readonly defaultConfirmations: number };

// A text format the chain accepts, and how to say what was expected when a value does not fit.
export interface TextFormat {
  readonly pattern: RegExp;
  readonly expected: string;
}

// One deposit as a wallet would be asked for it. `amount` is the exact decimal in the token's units;
// `tokenId` the token's identity as the transaction records it (Stellar: the issuer; Solana: the
// SPL mint; EVM: the ERC-20 contract).
export interface PaymentRequest {
  readonly destination: string;
  readonly amount: string;
  readonly assetCode: string;
  readonly tokenId: string;
  readonly decimals: number;
  readonly memo: string | null;
}

// Everything the platform knows about one chain that is not I/O: chain-watchers adds the I/O
// (one adapter folder per chain), every other app asks this record instead of branching on the
// chain's name.
export interface ChainRail {
  readonly blockchain: Blockchain;
  readonly family: ChainFamily;
  // CAIP-2 chain id of the network a production deployment pays on.
  readonly chainId: string;
  readonly binding: DepositBinding;
  // The accounts transfers are sent to.
  readonly address: TextFormat;
  // EVM addresses come checksummed or lower-case; base58 and Stellar keys are case-sensitive.
  readonly addressesIgnoreCase: boolean;
  // What the chain names its transactions by.
  readonly transferId: TextFormat;
  // The token's identity as a transaction records it (its `mint_address`) from the asset as a
  // transfer reports it: Stellar reports `issuer:code` and keeps the issuer; Solana's SPL mint
  // and an ERC-20 contract address are already that identity.
  tokenIdOf(asset: string): string;
  readonly finality: Finality;
  // What a wallet is told beside the deposit address: the memo's type where the memo names the
  // transaction, and whether the token is named by its mint or contract (Stellar names assets by
  // code and issuer, which the currency and the chain already give).
  readonly paymentContext: { readonly memoType: 'text' | null; readonly namesMint: boolean };
  // The public explorer page of a transaction on the production network.
  explorerTransactionUrl(transferId: string): string;
  // The chain's payment-request URI for a deposit (a wallet opens it, or scans it as a QR code):
  // SEP-7 on Stellar, Solana Pay, EIP-681 on EVM chains. Null where the chain's format cannot
  // carry the amount (finer than an EVM token's base unit).
  paymentUri(request: PaymentRequest): string | null;
  readonly notify: NotifyRequirement;
  readonly walletConnect: {
    readonly namespace: string;
    readonly methods: readonly string[];
    readonly events: readonly string[];
  };
}
