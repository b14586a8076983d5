import { Blockchain } from '@shared/contracts';
import type { ChainRail } from '../chain-rail.js';
import { uriQuery } from './uri-query.js';

export const SOLANA: ChainRail = {
  blockchain: Blockchain.SOLANA,
  family: 'solana',
  chainId: 'solana:mainnet',
  binding: 'address',
  address: {
    pattern: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    expected: 'a Solana address (base58, 32 to 44 characters)',
  },
  addressesIgnoreCase: false,
  transferId: {
    pattern: /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
    expected: 'a Solana transaction signature (base58, 64 to 88 characters)',
  },
  tokenIdOf: (mint) => mint,
  finality: { rule: 'commitment', defaultCommitment: 'finalized' },
  paymentContext: { memoType: null, namesMint: true },
  explorerTransactionUrl: (signature) => `https://explorer.solana.com/tx/${encodeURIComponent(signature)}`,
  // Solana Pay's transfer request: the amount in the token's units, the token by its mint.
  paymentUri: ({ destination, amount, tokenId }) =>
    `solana:${destination}?${uriQuery({ amount, 'spl-token': tokenId })}`,
  // Watched for, and may be reported through /payments/notify to be seen sooner.
  notify: { endpoint: '/payments/notify', required: true },
  walletConnect: {
    namespace: 'solana',
    methods: ['solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signMessage'],
    events: [],
  },
};
