import type { Blockchain, VerifyTransferResponse } from '@shared/contracts';
import type { ChainView } from '../upstreams/chain-registry.js';

// One chain's reading of a transaction: the transfers it made into our deposit addresses.
export abstract class TransferVerifier {
  abstract readonly blockchain: Blockchain;
  abstract verify(
    onChainTx: string,
    chain: ChainView,
    transactionId: string | null,
  ): Promise<VerifyTransferResponse>;
}
