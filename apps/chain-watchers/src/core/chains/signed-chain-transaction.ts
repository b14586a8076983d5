// A signed chain transaction recorded before it is broadcast (a refund's or a sweep's attempt),
// with what bounds its life: Stellar time bounds (refunds), Solana's last valid block height, an
// EVM nonce.
export interface SignedChainTransaction {
  readonly signedPayload: string;
  readonly txHash: string;
  readonly validUntil?: Date | null;
  readonly lastValidBlockHeight: string | null;
  readonly nonce: string | null;
}

// What the chain says about a signed transaction. `unknown`: not seen (yet); `ambiguous`: the
// broadcast got no clear answer (timeout, connection lost), so it may or may not have landed.
export type ChainVerdict =
  | { readonly kind: 'landed' }
  | { readonly kind: 'failed'; readonly reason: string }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'ambiguous' };
