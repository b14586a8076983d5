import { describe, expect, it } from '@jest/globals';
import {
  Blockchain,
  CryptoCurrency,
  type DepositAddressView,
  type DepositDetectedV1,
} from '@shared/contracts';
import { FixedClock } from '@shared/util';
import type { TransactionReader, TransactionReading } from '../core/chains/chain-adapter.js';
import type { ChainAdapters } from '../core/chains/chain-adapters.js';
import type { ChainRegistry, ChainView } from '../core/upstreams/chain-registry.js';
import type { DepositAccountEntity } from '../deposit-accounts/deposit-account.entity.js';
import type { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import type { DepositIntake } from '../deposits/deposit-intake.js';
import type { DepositBatch } from '../deposits/deposit-ledger.repository.js';
import { VerifyTransferUseCase } from './verify-transfer.use-case.js';

const address = (value: string) => ({ blockchain: Blockchain.CELO, address: value }) as DepositAddressView;

const NOW = new Date('2026-11-02T10:00:00.000Z');
const fact = (depositAddress: string): DepositDetectedV1 => ({
  blockchain: Blockchain.CELO,
  onChainTx: depositAddress,
  transferIndex: 0,
  cryptoCurrency: CryptoCurrency.USDC,
  asset: '0xToken',
  depositAddress,
  sender: '0xSender',
  amount: '1',
  memo: null,
  transactionId: null,
  confirmedAt: NOW.toISOString(),
});

// A landed transaction with one transfer, to the address its hash names: a deposit only when
// that destination is one of the view's addresses.
class DestinationReader implements TransactionReader {
  async read(onChainTx: string): Promise<TransactionReading> {
    return {
      status: 'landed',
      recipients: [onChainTx],
      deposits: (chain: ChainView, transactionId: string | null) =>
        chain.addresses.some((candidate) => candidate.address === onChainTx)
          ? [{ fact: { ...fact(onChainTx), transactionId }, memoProblem: null }]
          : [],
    };
  }
}

// The Celo adapter as verification uses it: its transaction reader.
const celoAdapter = () =>
  ({ of: () => ({ transactions: new DestinationReader() }) }) as unknown as ChainAdapters;

// The deposit accounts marked due, as (blockchain, addresses) pairs; `owned` are per-transaction
// deposit accounts (address → transaction id).
function accounts(owned: Record<string, string> = {}) {
  const due: Array<[Blockchain, readonly string[], Date]> = [];
  const fake = {
    async markDue(blockchain: Blockchain, addresses: readonly string[], now: Date) {
      due.push([blockchain, addresses, now]);
    },
    async known(blockchain: Blockchain, addresses: readonly string[]) {
      return addresses
        .filter((candidate) => owned[candidate])
        .map(
          (candidate) =>
            ({ blockchain, address: candidate, transactionId: owned[candidate] }) as DepositAccountEntity,
        );
    },
  };
  return { due, fake: fake as unknown as DepositAccountsRepository };
}

// What went through the deposit intake (hence recorded and announced once), all deposits.
function ledger() {
  const recorded: DepositBatch[] = [];
  const fake = {
    async record(batch: DepositBatch & Required<Pick<DepositBatch, 'deposit'>>) {
      recorded.push(batch);
      return { inserted: true, deposit: batch.deposit, kind: 'DEPOSIT' };
    },
  };
  return { recorded, fake: fake as unknown as DepositIntake };
}

const clock = new FixedClock(NOW);

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
    const sut = new VerifyTransferUseCase(fake, celoAdapter(), accounts().fake, ledger().fake, clock);

    const answer = await sut.execute({ blockchain: Blockchain.CELO, onChainTx: 'rotated-in' });

    expect(answer).toEqual({ status: 'found', transfers: [fact('rotated-in')] });
    expect(reads).toEqual([false, true]);
  });

  it('reuses the last answer when the transfer is ours', async () => {
    const { reads, fake } = registry(['old'], ['old']);
    const sut = new VerifyTransferUseCase(fake, celoAdapter(), accounts().fake, ledger().fake, clock);

    await sut.execute({ blockchain: Blockchain.CELO, onChainTx: 'old' });

    expect(reads).toEqual([false]);
  });

  it('still answers no_deposit when the current answer does not know the destination either', async () => {
    const { fake } = registry(['old'], ['old']);
    const sut = new VerifyTransferUseCase(fake, celoAdapter(), accounts().fake, ledger().fake, clock);

    const answer = await sut.execute({ blockchain: Blockchain.CELO, onChainTx: 'elsewhere' });

    expect(answer).toEqual({ status: 'invalid', reason: 'no_deposit' });
  });

  it('makes the addresses a found transfer paid due for a sweep, and nothing when none was found', async () => {
    const { fake } = registry(['paid'], ['paid']);
    const marked = accounts();
    const sut = new VerifyTransferUseCase(fake, celoAdapter(), marked.fake, ledger().fake, clock);

    await sut.execute({ blockchain: Blockchain.CELO, onChainTx: 'paid' });
    await sut.execute({ blockchain: Blockchain.CELO, onChainTx: 'elsewhere' });

    expect(marked.due).toEqual([[Blockchain.CELO, ['paid'], NOW]]);
  });

  it("records every transfer it found, announced for the transaction whose own address it paid, never for the caller's", async () => {
    const { fake } = registry(['paid'], ['paid']);
    const deposits = ledger();
    const sut = new VerifyTransferUseCase(
      fake,
      celoAdapter(),
      accounts({ paid: 'owner-transaction' }).fake,
      deposits.fake,
      clock,
    );

    const answer = await sut.execute({
      blockchain: Blockchain.CELO,
      onChainTx: 'paid',
      transactionId: 'claimed',
    });

    // The caller still gets the facts as it asked (its id echoed); the ledger keeps the owner's.
    expect(answer).toEqual({ status: 'found', transfers: [{ ...fact('paid'), transactionId: 'claimed' }] });
    expect(deposits.recorded).toEqual([
      {
        deposit: { fact: { ...fact('paid'), transactionId: 'owner-transaction' }, memoProblem: null },
        foundBy: 'verify',
        account: expect.objectContaining({ address: 'paid', transactionId: 'owner-transaction' }),
      },
    ]);
  });

  it('records nothing when it found nothing', async () => {
    const { fake } = registry(['old'], ['old']);
    const deposits = ledger();
    const sut = new VerifyTransferUseCase(fake, celoAdapter(), accounts().fake, deposits.fake, clock);

    await sut.execute({ blockchain: Blockchain.CELO, onChainTx: 'elsewhere' });

    expect(deposits.recorded).toEqual([]);
  });
});
