import { Blockchain } from './payout-enums.js';

export type ChainFamily = 'stellar' | 'solana' | 'evm';

export interface NotifyRequirement {
  // Where the client reports its transfer, or null when deposits are detected on their own.
  readonly endpoint: string | null;
  readonly required: boolean;
}

export interface BlockchainProfile {
  readonly chainFamily: ChainFamily;
  // CAIP-2 chain id.
  readonly chainId: string;
  readonly notify: NotifyRequirement;
  // True: every transaction gets its own deposit address (chain-watchers derives it), so a
  // transfer is bound to its transaction by where it went. False: one address per chain, and the
  // memo names the transaction.
  readonly perTransactionDepositAddress: boolean;
  readonly walletConnect: {
    readonly namespace: string;
    readonly methods: readonly string[];
    readonly events: readonly string[];
  };
}

// What a wallet needs to know to pay on each chain. Stellar deposits are matched by memo from the
// payment stream; Solana and Celo transfers go to the transaction's own address, are watched for,
// and may be reported through /payments/notify to be seen sooner.
export const BLOCKCHAIN_PROFILES: Readonly<Record<Blockchain, BlockchainProfile>> = {
  [Blockchain.STELLAR]: {
    chainFamily: 'stellar',
    chainId: 'stellar:pubnet',
    notify: { endpoint: null, required: false },
    perTransactionDepositAddress: false,
    walletConnect: {
      namespace: 'stellar',
      methods: ['stellar_signXDR', 'stellar_signAndSubmitXDR'],
      events: [],
    },
  },
  [Blockchain.SOLANA]: {
    chainFamily: 'solana',
    chainId: 'solana:mainnet',
    notify: { endpoint: '/payments/notify', required: true },
    perTransactionDepositAddress: true,
    walletConnect: {
      namespace: 'solana',
      methods: ['solana_signTransaction', 'solana_signAndSendTransaction', 'solana_signMessage'],
      events: [],
    },
  },
  [Blockchain.CELO]: {
    chainFamily: 'evm',
    chainId: 'eip155:42220',
    notify: { endpoint: '/payments/notify', required: true },
    perTransactionDepositAddress: true,
    walletConnect: {
      namespace: 'eip155',
      methods: ['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4'],
      events: ['accountsChanged', 'chainChanged'],
    },
  },
};
