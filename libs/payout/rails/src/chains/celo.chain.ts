import { Blockchain } from '@shared/contracts';
import type { ChainRail } from '../chain-rail.js';
import { erc20TransferUri } from './erc20-transfer-uri.js';

// Celo mainnet's EVM chain id.
const CELO_CHAIN_ID = 42220;

export const CELO: ChainRail = {
  blockchain: Blockchain.CELO,
  family: 'evm',
  chainId: `eip155:${CELO_CHAIN_ID}`,
  binding: 'address',
  address: { pattern: /^0x[0-9a-fA-F]{40}$/, expected: 'an EVM address (0x and 40 hex digits)' },
  addressesIgnoreCase: true,
  transferId: { pattern: /^0x[0-9a-fA-F]{64}$/, expected: 'a Celo transaction hash (0x and 64 hex digits)' },
  tokenIdOf: (contract) => contract,
  finality: { rule: 'confirmations', defaultConfirmations: 3 },
  paymentContext: { memoType: null, namesMint: true },
  explorerTransactionUrl: (hash) => `https://celoscan.io/tx/${encodeURIComponent(hash)}`,
  paymentUri: (request) => erc20TransferUri(CELO_CHAIN_ID, request),
  // Watched for, and may be reported through /payments/notify to be seen sooner.
  notify: { endpoint: '/payments/notify', required: true },
  walletConnect: {
    namespace: 'eip155',
    methods: ['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4'],
    events: ['accountsChanged', 'chainChanged'],
  },
};
