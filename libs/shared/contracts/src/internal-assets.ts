import type { Blockchain, CryptoCurrency } from './payout-enums.js';

// quote-service's active assets as chain-watchers reads them (`GET /internal/assets`, service
// identity): which token counts as USDC/USDT on each chain right now. Rotating a mint changes
// this answer without a deploy.
export interface ActiveAssetView {
  readonly cryptoCurrency: CryptoCurrency;
  readonly blockchain: Blockchain;
  // Solana mint, Celo token contract, Stellar issuer (the asset code is the crypto currency).
  readonly mintAddress: string;
  readonly decimals: number;
}

export interface ActiveAssetsResponse {
  readonly assets: readonly ActiveAssetView[];
}
