import { describe, expect, it } from '@jest/globals';
import { TransactionStatus } from '@shared/contracts';
import { TransactionError, TransactionErrorCode } from '../core/errors/transaction.errors.js';
import { TRANSACTION_TRANSITIONS, assertTransition, isTerminal } from './transaction-transitions.js';

const ALL = Object.values(TransactionStatus);
const {
  AWAITING_PAYMENT,
  PROCESSING_PAYMENT,
  PAYMENT_COMPLETED,
  PAYMENT_FAILED,
  WRONG_AMOUNT,
  PAYMENT_EXPIRED,
} = TransactionStatus;

// One row per allowed move, written out rather than read back from the table under test.
const ALLOWED: ReadonlyArray<readonly [TransactionStatus, TransactionStatus]> = [
  [AWAITING_PAYMENT, PROCESSING_PAYMENT],
  [AWAITING_PAYMENT, PAYMENT_EXPIRED],
  [AWAITING_PAYMENT, WRONG_AMOUNT],
  [PROCESSING_PAYMENT, PAYMENT_COMPLETED],
  [PROCESSING_PAYMENT, PAYMENT_FAILED],
];
const allowed = (from: TransactionStatus, to: TransactionStatus) =>
  ALLOWED.some(([a, b]) => a === from && b === to);
const REFUSED = ALL.flatMap((from) =>
  ALL.filter((to) => !allowed(from, to)).map((to) => [from, to] as const),
);

describe(assertTransition.name, () => {
  it.each(ALLOWED)('lets %s move to %s', (from, to) => {
    expect(() => assertTransition(from, to)).not.toThrow();
  });

  it.each(REFUSED)('refuses %s to %s', (from, to) => {
    expect(() => assertTransition(from, to)).toThrow(
      new TransactionError(
        TransactionErrorCode.INVALID_TRANSITION,
        `A transaction cannot move from ${from} to ${to}`,
      ),
    );
  });

  it('has exactly the rows above', () => {
    const rows = Object.entries(TRANSACTION_TRANSITIONS).flatMap(([from, tos]) =>
      tos.map((to) => [from, to]),
    );
    expect(rows.sort()).toEqual([...ALLOWED].map((row) => [...row]).sort());
  });

  it.each([PAYMENT_COMPLETED, PAYMENT_FAILED, WRONG_AMOUNT, PAYMENT_EXPIRED])(
    'keeps %s terminal',
    (status) => {
      expect(isTerminal(status)).toBe(true);
    },
  );

  it.each([AWAITING_PAYMENT, PROCESSING_PAYMENT])('lets %s move on', (status) => {
    expect(isTerminal(status)).toBe(false);
  });
});
