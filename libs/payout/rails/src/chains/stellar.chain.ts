import { Blockchain } from '@shared/contracts';
import type { ChainRail } from '../chain-rail.js';
import { uriQuery } from './uri-query.js';

export const STELLAR: ChainRail = {
  blockchain: Blockchain.STELLAR,
  family: 'stellar',
  chainId: 'stellar:pubnet',
  // Deposits come to the platform's one account and are matched by memo from the payment stream.
  binding: 'memo',
  address: { pattern: /^G[A-Z2-7]{55}$/, expected: 'a Stellar account id (G…, 56 characters)' },
  addressesIgnoreCase: false,
  transferId: { pattern: /^[0-9a-f]{64}$/, expected: 'a Stellar transaction hash (64 hex digits)' },
  tokenIdOf: (asset) => asset.split(':')[0]!,
  finality: { rule: 'ledger' },
  paymentContext: { memoType: 'text', namesMint: false },
  explorerTransactionUrl: (hash) => `https://stellar.expert/explorer/public/tx/${encodeURIComponent(hash)}`,
  // SEP-7 `pay`: the asset by code and issuer, the memo as text.
  paymentUri: ({ destination, amount, assetCode, tokenId, memo }) =>
    `web+stellar:pay?${uriQuery({
      destination,
      amount,
      asset_code: assetCode,
      asset_issuer: tokenId,
      ...(memo === null ? {} : { memo, memo_type: 'MEMO_TEXT' }),
    })}`,
  notify: { endpoint: null, required: false },
  walletConnect: {
    namespace: 'stellar',
    methods: ['stellar_signXDR', 'stellar_signAndSubmitXDR'],
    events: [],
  },
};
