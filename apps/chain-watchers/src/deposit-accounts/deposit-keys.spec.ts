import { describe, expect, it } from '@jest/globals';
import { Blockchain } from '@shared/contracts';
import { FixedClock } from '@shared/util';
import type { ChainWatchersConfig } from '../chain-watchers.config.js';
import type { DepositAccountEntity } from './deposit-account.entity.js';
import type { DepositAccountsRepository } from './deposit-accounts.repository.js';
import { celoDepositWallet, DepositKeys, solanaDepositKeypair } from './deposit-keys.js';
import { OpenDepositAccountUseCase } from './open-deposit-account.use-case.js';

const SECRET = 'test-master-secret-of-at-least-32-characters';
const ID = '3f1c0b9e-8a5d-4c1e-9b7a-2d4e6f8a0c1b';
const OTHER_ID = '9d2a7c41-0b6e-4f3a-8c5d-1e2f3a4b5c6d';

describe(DepositKeys.name, () => {
  it('derives the same keys from the same secret and transaction, pinned: a change would strand funds', () => {
    // Computed once; every address handed out depends on them never changing.
    expect(solanaDepositKeypair(SECRET, ID).publicKey.toBase58()).toBe(
      'GXuTXMrwGk3DizL2kHsQ82KZQfm9oinTdwu68XoKHaZJ',
    );
    expect(celoDepositWallet(SECRET, ID).address).toBe('0x8f31ba66002651699E20A492A4D4341D16cB691e');
    expect(solanaDepositKeypair(SECRET, ID.toUpperCase()).publicKey.toBase58()).toBe(
      'GXuTXMrwGk3DizL2kHsQ82KZQfm9oinTdwu68XoKHaZJ',
    );
  });

  it('gives every transaction, chain and secret its own address', () => {
    const sut = new DepositKeys({ DEPOSIT_MASTER_SECRET: SECRET } as ChainWatchersConfig);
    const other = new DepositKeys({ DEPOSIT_MASTER_SECRET: `${SECRET}!` } as ChainWatchersConfig);
    const addresses = [
      sut.address(Blockchain.SOLANA, ID),
      sut.address(Blockchain.SOLANA, OTHER_ID),
      sut.address(Blockchain.CELO, ID),
      sut.address(Blockchain.CELO, OTHER_ID),
      other.address(Blockchain.SOLANA, ID),
      other.address(Blockchain.CELO, ID),
    ];
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(sut.solana(ID).publicKey.toBase58()).toBe(addresses[0]);
    expect(sut.celo(ID).address).toBe(addresses[2]);
  });

  it('has no keys without a master secret, and none for Stellar', () => {
    const sut = new DepositKeys({} as ChainWatchersConfig);
    expect(sut.configured).toBe(false);
    expect(() => sut.solana(ID)).toThrow('DEPOSIT_MASTER_SECRET is not configured');
    const configured = new DepositKeys({ DEPOSIT_MASTER_SECRET: SECRET } as ChainWatchersConfig);
    expect(() => configured.address(Blockchain.STELLAR, ID)).toThrow(/memo/);
  });
});

describe(OpenDepositAccountUseCase.name, () => {
  const NOW = new Date('2026-11-02T10:00:00.000Z');
  const request = {
    blockchain: Blockchain.CELO,
    transactionId: ID,
    asset: '0x48065fbBE25f71C9282ddf5e1cD6D6A887483D5e',
    expiresAt: '2026-11-02T11:00:00.000Z',
  };
  const setUp = (secret?: string) => {
    const opened: DepositAccountEntity[] = [];
    const accounts = { open: async (row: DepositAccountEntity) => void opened.push(row) };
    const config = { DEPOSIT_MASTER_SECRET: secret, DEPOSIT_WATCH_GRACE_MS: 900_000 } as ChainWatchersConfig;
    const sut = new OpenDepositAccountUseCase(
      new DepositKeys(config),
      accounts as unknown as DepositAccountsRepository,
      config,
      new FixedClock(NOW),
    );
    return { sut, opened };
  };

  it("answers the transaction's address and watches it until the quote expired plus the grace", async () => {
    const { sut, opened } = setUp(SECRET);
    expect(await sut.execute(request)).toEqual({ address: '0x8f31ba66002651699E20A492A4D4341D16cB691e' });
    expect(opened).toEqual([
      {
        blockchain: Blockchain.CELO,
        transactionId: ID,
        address: '0x8f31ba66002651699E20A492A4D4341D16cB691e',
        asset: request.asset,
        createdAt: NOW,
        watchUntil: new Date('2026-11-02T11:15:00.000Z'),
        announcedAt: null,
        dueAt: null,
        sweepId: null,
      },
    ]);
  });

  it('answers no address, and records nothing, without a master secret', async () => {
    const { sut, opened } = setUp(undefined);
    expect(await sut.execute(request)).toEqual({ address: null });
    expect(opened).toEqual([]);
  });
});
