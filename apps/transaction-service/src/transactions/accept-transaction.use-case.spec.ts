import { describe, expect, it } from '@jest/globals';
import type { TransactionalOutbox } from '@platform/messaging';
import {
  Blockchain,
  CryptoCurrency,
  PaymentMethod,
  TargetCurrency,
  type InternalQuoteView,
  type PayoutTopics,
} from '@shared/contracts';
import { FixedClock, type IdGenerator } from '@shared/util';
import type { DailyCaps } from '../daily-caps/daily-caps.js';
import type { DepositAddressesRepository } from '../deposit-addresses/deposit-addresses.repository.js';
import type { KycGate } from '../kyc-gate/kyc-gate.js';
import type { KybGate } from '../partner-kyb/kyb-gate.js';
import type { ChainWatchersClient } from '../core/upstreams/chain-watchers.client.js';
import type { UpstreamClients } from '../core/upstreams/upstream-clients.js';
import { AcceptTransactionUseCase } from './accept-transaction.use-case.js';
import type { PaymentContextBuilder } from './payment-context.js';
import type { RecipientCheck } from '../recipients/recipient-check.js';
import type { RecipientVault } from './recipient-vault.js';
import { mapTransactionError } from '../core/errors/transaction-error.mapper.js';
import type { TransactionJournal } from './transaction-journal.js';
import { TransactionError, TransactionErrorCode } from '../core/errors/transaction.errors.js';
import type { TransactionsRepository } from './transactions.repository.js';

const NOW = new Date('2026-11-23T12:00:00Z');

const STELLAR_QUOTE: InternalQuoteView = {
  quoteId: '5b0f8f7e-3c2a-4d1e-9f00-000000000001',
  partnerId: 'partner-1',
  kind: 'PAYOUT',
  cryptoCurrency: CryptoCurrency.USDC,
  blockchain: Blockchain.STELLAR,
  paymentMethod: PaymentMethod.BREB,
  targetCurrency: TargetCurrency.COP,
  cryptoAmount: '25.000000',
  fiatAmount: '100000',
  feeAmount: '0.100000',
  expiresAt: new Date(NOW.getTime() + 3_600_000).toISOString(),
  feeType: 'fixed',
  rate: '4000',
  createdAt: NOW.toISOString(),
  live: true,
  asset: { mintAddress: 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', decimals: 7 },
};

// Stellar deposits go to the chain's one active address: none is active in this setup.
function acceptWithoutActiveAddress() {
  const asked = { activeFor: [] as Blockchain[], depositAccounts: 0, outboxRuns: 0 };
  const fake = <T>(members: object) => members as unknown as T;
  const sut = new AcceptTransactionUseCase(
    fake<TransactionalOutbox<PayoutTopics>>({
      run: async () => {
        asked.outboxRuns += 1;
        return true;
      },
    }),
    fake<TransactionsRepository>({ findByQuote: async () => null }),
    fake<TransactionJournal>({}),
    fake<UpstreamClients>({ quote: async () => STELLAR_QUOTE }),
    fake<RecipientCheck>({ resolve: () => ({ accountNumber: '3001234567', qrCode: null }) }),
    fake<RecipientVault>({}),
    fake<KycGate>({ kycRequired: async () => false }),
    fake<DepositAddressesRepository>({
      active: async (blockchain: Blockchain) => {
        asked.activeFor.push(blockchain);
        return null;
      },
    }),
    fake<ChainWatchersClient>({
      openDepositAccount: async () => {
        asked.depositAccounts += 1;
        return 'never';
      },
    }),
    fake<PaymentContextBuilder>({}),
    new FixedClock(NOW),
    fake<IdGenerator>({ uuid: () => '5b0f8f7e-3c2a-4d1e-9f00-0000000000aa' }),
    fake<KybGate>({ assertMayAccept: async () => undefined }),
    fake<DailyCaps>({ check: async () => ({}) }),
  );
  return { sut, asked };
}

describe(AcceptTransactionUseCase.name, () => {
  it('refuses Stellar with corridor_unavailable (400) while no deposit address is active, and stores nothing', async () => {
    const { sut, asked } = acceptWithoutActiveAddress();
    const caller = { partnerId: 'partner-1', walletOnly: false, walletUser: null };

    const error = await sut
      .execute(caller, { quoteId: STELLAR_QUOTE.quoteId, userId: 'user-1', accountNumber: '3001234567' })
      .catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(TransactionError);
    expect(error).toMatchObject({
      code: TransactionErrorCode.CORRIDOR_UNAVAILABLE,
      reason: 'Deposits on STELLAR are not available right now',
    });
    expect(mapTransactionError(error as Error)).toEqual({
      status: 400,
      body: {
        code: 'corridor_unavailable',
        reason: 'Deposits on STELLAR are not available right now',
        retryable: false,
      },
    });
    expect(asked).toEqual({ activeFor: [Blockchain.STELLAR], depositAccounts: 0, outboxRuns: 0 });
  });
});
