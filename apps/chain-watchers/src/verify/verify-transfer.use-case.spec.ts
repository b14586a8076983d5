import { describe, expect, it } from '@jest/globals';
import { Blockchain, type DepositAddressView, type VerifyTransferResponse } from '@shared/contracts';
import { TransferVerifier } from '../transfers/transfer-verifier.js';
import type { ChainRegistry, ChainView } from '../upstreams/chain-registry.js';
import { VerifyTransferUseCase } from './verify-transfer.use-case.js';

const address = (value: string) => ({ blockchain: Blockchain.CELO, address: value }) as DepositAddressView;

// Answers "found" only when the transfer's destination is one of the view's addresses.
class DestinationVerifier extends TransferVerifier {
  readonly blockchain = Blockchain.CELO;
  async verify(onChainTx: string, chain: ChainView): Promise<VerifyTransferResponse> {
    return chain.addresses.some((candidate) => candidate.address === onChainTx)
      ? { status: 'found', transfers: [] }
      : { status: 'invalid', reason: 'no_deposit' };
  }
}

// The owners' last answer (stale) and their current one (fresh), with the reads counted.
function registry(stale: string[], fresh: string[]) {
  const reads: boolean[] = [];
  const fake = {
    async chain(_blockchain: Blockchain, wantFresh = false): Promise<ChainView> {
      reads.push(wantFresh);
      return { addresses: (wantFresh ? fresh : stale).map(address), assets: [] };
    },
  };
  return { reads, fake: fake as unknown as ChainRegistry };
}

describe(VerifyTransferUseCase.name, () => {
  it('asks the owners again before answering that a transfer moved nothing of ours', async () => {
    const { reads, fake } = registry(['old'], ['old', 'rotated-in']);
    const sut = new VerifyTransferUseCase(fake, [new DestinationVerifier()]);

    const answer = await sut.execute({ blockchain: Blockchain.CELO, onChainTx: 'rotated-in' });

    expect(answer).toEqual({ status: 'found', transfers: [] });
    expect(reads).toEqual([false, true]);
  });

  it('reuses the last answer when the transfer is ours', async () => {
    const { reads, fake } = registry(['old'], ['old']);
    const sut = new VerifyTransferUseCase(fake, [new DestinationVerifier()]);

    await sut.execute({ blockchain: Blockchain.CELO, onChainTx: 'old' });

    expect(reads).toEqual([false]);
  });

  it('still answers no_deposit when the current answer does not know the destination either', async () => {
    const { fake } = registry(['old'], ['old']);
    const sut = new VerifyTransferUseCase(fake, [new DestinationVerifier()]);

    const answer = await sut.execute({ blockchain: Blockchain.CELO, onChainTx: 'elsewhere' });

    expect(answer).toEqual({ status: 'invalid', reason: 'no_deposit' });
  });
});
