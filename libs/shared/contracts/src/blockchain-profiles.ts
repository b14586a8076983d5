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
  readonly walletConnect: {
    readonly namespace: string;
    readonly methods: readonly string[];
    readonly events: readonly string[];
  };
}

// What a wallet needs to know to pay on each chain. Stellar deposits are matched by memo from the
// payment stream; Solana and Celo transfers are reported through /payments/notify.
export const BLOCKCHAIN_PROFILES: Readonly<Record<Blockchain, BlockchainProfile>> = {
  [Blockchain.STELLAR]: {
    chainFamily: 'stellar',
    chainId: 'stellar:pubnet',
    notify: { endpoint: null, required: false },
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
    walletConnect: {
      namespace: 'eip155',
      methods: ['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4'],
      events: ['accountsChanged', 'chainChanged'],
    },
  },
};
