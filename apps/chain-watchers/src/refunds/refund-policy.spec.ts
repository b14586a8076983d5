import { describe, expect, it } from '@jest/globals';
import { Blockchain, CryptoCurrency, type RefundRequestedV1 } from '@shared/contracts';
import { isPositiveAmount, namesDeposit, refundRefusal, type RecordedDeposit } from './refund-policy.js';

const request = (overrides: Partial<RefundRequestedV1> = {}): RefundRequestedV1 => ({
  refundId: '00000000-0000-4000-8000-000000000001',
  transactionId: '00000000-0000-4000-8000-000000000002',
  blockchain: Blockchain.CELO,
  cryptoCurrency: CryptoCurrency.USDT,
  destination: '0xSender',
  amount: '18.47',
  reason: 'WRONG_AMOUNT',
  depositOnChainTx: '0xdeposit',
  depositTransferIndex: 3,
  ...overrides,
});

const deposit = (overrides: Partial<RecordedDeposit> = {}): RecordedDeposit => ({
  cryptoCurrency: CryptoCurrency.USDT,
  sender: '0xSender',
  amount: '18.47',
  alreadyRefunded: '0',
  ...overrides,
});

describe(refundRefusal.name, () => {
  it('allows the whole recorded deposit back to its sender', () => {
    expect(refundRefusal(request(), deposit())).toBeNull();
  });

  it('refuses a deposit it never recorded', () => {
    expect(refundRefusal(request(), null)).toBe('deposit not recorded by chain-watchers');
  });

  it('refuses more than was recorded, to the last decimal', () => {
    expect(refundRefusal(request({ amount: '18.470000000000000001' }), deposit())).toBe(
      'refund exceeds what the deposit has left to refund',
    );
  });

  it('counts what refunds of the deposit already take', () => {
    expect(refundRefusal(request({ amount: '8.47' }), deposit({ alreadyRefunded: '10' }))).toBeNull();
    expect(refundRefusal(request({ amount: '8.48' }), deposit({ alreadyRefunded: '10' }))).toBe(
      'refund exceeds what the deposit has left to refund',
    );
    expect(refundRefusal(request({ amount: '0.000001' }), deposit({ alreadyRefunded: '18.47' }))).toBe(
      'refund exceeds what the deposit has left to refund',
    );
  });

  it('compares exactly where floating point would not (0.1 + 0.2 of 0.3)', () => {
    expect(
      refundRefusal(request({ amount: '0.2' }), deposit({ amount: '0.3', alreadyRefunded: '0.1' })),
    ).toBeNull();
  });

  it("refuses a destination other than the deposit's sender", () => {
    expect(refundRefusal(request({ destination: '0xSomeoneElse' }), deposit())).toBe(
      "refund destination is not the deposit's sender",
    );
  });

  describe('a destination other than the sender', () => {
    const STELLAR_ELSEWHERE = 'GAXHWB7K4DAES7VIF3Y2RBYYTD2UNJ76WH5OE5ACBQ5GECYHO4KXXPOX';
    const held = (overrides: Partial<RefundRequestedV1> = {}) =>
      request({
        blockchain: Blockchain.STELLAR,
        reason: 'UNMATCHED',
        destination: STELLAR_ELSEWHERE,
        destinationNamedBy: 'ana@ops',
        ...overrides,
      });

    it('is allowed for a held transfer whose destination an operator named', () => {
      expect(refundRefusal(held(), deposit())).toBeNull();
    });

    it.each([
      ['no operator named it', { destinationNamedBy: undefined }],
      ['the operator is null', { destinationNamedBy: null }],
      ['the operator is blank', { destinationNamedBy: '  ' }],
      ['the operator is not a string', { destinationNamedBy: 7 as never }],
      ['the refund is not of a held transfer', { reason: 'WRONG_AMOUNT' as const }],
      ['the refund is of an excess', { reason: 'EXCESS' as const }],
    ])('is refused when %s', (_, overrides) => {
      expect(refundRefusal(held(overrides), deposit())).toBe(
        "refund destination is not the deposit's sender",
      );
    });

    it("is refused when it is no address of the refund's chain", () => {
      expect(refundRefusal(held({ destination: '0xSomeoneElse' }), deposit())).toBe(
        'refund destination is not an address',
      );
    });

    it('still never takes more than the deposit has left', () => {
      expect(refundRefusal(held({ amount: '18.48' }), deposit())).toBe(
        'refund exceeds what the deposit has left to refund',
      );
    });
  });

  it('refuses another currency than the deposit arrived in', () => {
    expect(refundRefusal(request({ cryptoCurrency: CryptoCurrency.USDC }), deposit())).toBe(
      'refund currency differs from the deposit',
    );
  });

  it.each(['0', '0.000', '-1', '1e3', 'abc', '', ' 1', '0x10'])('refuses the amount %j', (amount) => {
    expect(refundRefusal(request({ amount }), deposit())).toBe('refund amount is not a positive decimal');
  });
});

describe(isPositiveAmount.name, () => {
  it.each(['1', '0.000001', '18.47'])('accepts %s', (amount) => expect(isPositiveAmount(amount)).toBe(true));
});

describe(namesDeposit.name, () => {
  it('accepts a request naming its deposit', () => {
    expect(namesDeposit(request())).toBe(true);
    expect(namesDeposit(request({ depositTransferIndex: 0 }))).toBe(true);
  });

  it('refuses a request of an older producer, or a malformed reference', () => {
    const legacy = JSON.parse(
      JSON.stringify({ ...request(), depositOnChainTx: undefined, depositTransferIndex: undefined }),
    ) as RefundRequestedV1;
    expect(namesDeposit(legacy)).toBe(false);
    expect(namesDeposit(request({ depositOnChainTx: '' }))).toBe(false);
    expect(namesDeposit(request({ depositOnChainTx: 'x'.repeat(129) }))).toBe(false);
    expect(namesDeposit(request({ depositTransferIndex: -1 }))).toBe(false);
    expect(namesDeposit(request({ depositTransferIndex: 1.5 }))).toBe(false);
    expect(namesDeposit(request({ depositTransferIndex: '3' as never }))).toBe(false);
  });
});
