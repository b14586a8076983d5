import { describe, expect, it } from '@jest/globals';
import { Blockchain, CryptoCurrency, TransactionStatus } from '@shared/contracts';
import {
  CLOCK_SKEW_MS,
  decideFunding,
  type FundingTarget,
  type FundingTransfer,
} from './funding-decision.js';

const CREATED = new Date('2026-11-23T10:00:00.000Z');
const EXPIRES = new Date('2026-11-23T11:00:00.000Z');
const at = (ms: number) => new Date(CREATED.getTime() + ms).toISOString();

const solana: FundingTarget = {
  blockchain: Blockchain.SOLANA,
  cryptoCurrency: CryptoCurrency.USDC,
  depositAddress: 'Treasury1111111111111111111111111111111111',
  mintAddress: 'MintUsdc11111111111111111111111111111111111',
  sourceAmount: '20.120000',
  status: TransactionStatus.AWAITING_PAYMENT,
  createdAt: CREATED,
  quoteExpiresAt: EXPIRES,
};
const transfer: FundingTransfer = {
  blockchain: Blockchain.SOLANA,
  cryptoCurrency: CryptoCurrency.USDC,
  asset: solana.mintAddress,
  depositAddress: solana.depositAddress,
  amount: '20.12',
  confirmedAt: at(60_000),
};

describe(decideFunding.name, () => {
  it('funds a transaction with the exact quoted amount, nothing to refund', () => {
    expect(decideFunding(solana, transfer)).toEqual({ kind: 'fund', excess: null });
  });

  it('funds an overpaid transaction and names the exact excess', () => {
    expect(decideFunding(solana, { ...transfer, amount: '25.000001' })).toEqual({
      kind: 'fund',
      excess: '4.880001',
    });
  });

  it('refuses less than quoted by one smallest unit as WRONG_AMOUNT', () => {
    expect(decideFunding(solana, { ...transfer, amount: '20.119999' })).toEqual({ kind: 'wrong_amount' });
  });

  it('expires a transfer confirmed after the quote expired, whatever the amount', () => {
    expect(decideFunding(solana, { ...transfer, confirmedAt: at(3_600_001) })).toEqual({ kind: 'expired' });
  });

  it('funds a transfer confirmed at the expiration instant', () => {
    expect(decideFunding(solana, { ...transfer, confirmedAt: EXPIRES.toISOString() })).toEqual({
      kind: 'fund',
      excess: null,
    });
  });

  it('refuses a transfer on another chain', () => {
    expect(decideFunding(solana, { ...transfer, blockchain: Blockchain.CELO })).toEqual({
      kind: 'refuse',
      reason: 'The transfer is on CELO; this transaction expects SOLANA',
    });
  });

  it('refuses a transfer to another destination', () => {
    expect(decideFunding(solana, { ...transfer, depositAddress: 'Other111' })).toEqual({
      kind: 'refuse',
      reason: `The transfer went to Other111, not to this transaction's deposit address ${solana.depositAddress}`,
    });
  });

  it('refuses another mint of the same currency', () => {
    expect(decideFunding(solana, { ...transfer, asset: 'FakeMint' })).toEqual({
      kind: 'refuse',
      reason: `The transfer moved USDC (FakeMint); this transaction expects USDC (${solana.mintAddress})`,
    });
  });

  it('refuses another currency', () => {
    expect(decideFunding(solana, { ...transfer, cryptoCurrency: CryptoCurrency.USDT }).kind).toBe('refuse');
  });

  it('refuses a transfer confirmed before the transaction existed (beyond the clock skew)', () => {
    const confirmedAt = at(-CLOCK_SKEW_MS - 1);
    expect(decideFunding(solana, { ...transfer, confirmedAt })).toEqual({
      kind: 'refuse',
      reason: `The transfer was confirmed at ${confirmedAt}, before this transaction existed`,
    });
  });

  it('accepts a transfer stamped within the clock skew before creation', () => {
    expect(decideFunding(solana, { ...transfer, confirmedAt: at(-CLOCK_SKEW_MS) }).kind).toBe('fund');
  });

  it('refunds a transfer to a transaction that was already funded, as EXCESS', () => {
    expect(decideFunding({ ...solana, status: TransactionStatus.PROCESSING_PAYMENT }, transfer)).toEqual({
      kind: 'refund_only',
      refundReason: 'EXCESS',
    });
  });

  it('refunds a transfer to a transaction that already expired, as EXPIRED', () => {
    expect(decideFunding({ ...solana, status: TransactionStatus.PAYMENT_EXPIRED }, transfer)).toEqual({
      kind: 'refund_only',
      refundReason: 'EXPIRED',
    });
  });

  it('compares Celo addresses without regard to case', () => {
    const celo: FundingTarget = {
      ...solana,
      blockchain: Blockchain.CELO,
      depositAddress: '0x0d9F115Ed8F3DD416A3E7934aF69f5CD4b9e8f1a',
      mintAddress: '0xAbCdEf0000000000000000000000000000000001',
    };
    expect(
      decideFunding(celo, {
        ...transfer,
        blockchain: Blockchain.CELO,
        depositAddress: celo.depositAddress.toLowerCase(),
        asset: celo.mintAddress.toLowerCase(),
      }).kind,
    ).toBe('fund');
  });

  it('reads the Stellar issuer out of the issuer:code asset', () => {
    const stellar: FundingTarget = {
      ...solana,
      blockchain: Blockchain.STELLAR,
      depositAddress: 'GTREASURY',
      mintAddress: 'GISSUER',
    };
    const stellarTransfer = {
      ...transfer,
      blockchain: Blockchain.STELLAR,
      depositAddress: 'GTREASURY',
      asset: 'GISSUER:USDC',
      amount: '20.1200000',
    };
    expect(decideFunding(stellar, stellarTransfer)).toEqual({ kind: 'fund', excess: null });
    expect(decideFunding(stellar, { ...stellarTransfer, asset: 'GOTHER:USDC' }).kind).toBe('refuse');
  });

  describe('a held transfer an operator assigns (by_operator)', () => {
    const elsewhere = { ...transfer, depositAddress: 'AnotherTransactionsAddress111' };

    it('applies the amount rules whatever address it went to', () => {
      expect(decideFunding(solana, elsewhere, 'by_operator')).toEqual({ kind: 'fund', excess: null });
      expect(decideFunding(solana, { ...elsewhere, amount: '20.119999' }, 'by_operator')).toEqual({
        kind: 'wrong_amount',
      });
      expect(decideFunding(solana, { ...elsewhere, confirmedAt: at(3_600_001) }, 'by_operator')).toEqual({
        kind: 'expired',
      });
      expect(
        decideFunding({ ...solana, status: TransactionStatus.PAYMENT_COMPLETED }, elsewhere, 'by_operator'),
      ).toEqual({ kind: 'refund_only', refundReason: 'EXCESS' });
    });

    it('still refuses another chain, token or a transfer made before the transaction', () => {
      expect(decideFunding(solana, { ...elsewhere, blockchain: Blockchain.CELO }, 'by_operator')).toEqual({
        kind: 'refuse',
        reason: 'The transfer is on CELO; this transaction expects SOLANA',
      });
      expect(decideFunding(solana, { ...elsewhere, asset: 'FakeMint' }, 'by_operator').kind).toBe('refuse');
      expect(
        decideFunding(solana, { ...elsewhere, confirmedAt: at(-CLOCK_SKEW_MS - 1) }, 'by_operator').kind,
      ).toBe('refuse');
    });
  });
});
