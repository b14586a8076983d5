import { CodedError } from '@shared/util';

// A payout refused by one of its rail's caps (README, "Payout limits"). quote-service and
// transaction-service refuse with the same codes and texts; every one is 400 and not retryable
// unchanged (a daily cap frees up the next day in the rail's country, or when a counted
// transaction expires or fails).
export enum CapRefusalCode {
  PER_TRANSACTION = 'amount_above_transaction_limit',
  USER_DAILY_AMOUNT = 'daily_limit_reached',
  USER_DAILY_COUNT = 'transaction_count_limit_reached',
  PAYMENT_METHOD_DAILY_AMOUNT = 'payment_method_limit_reached',
}

export class CapRefusal extends CodedError<CapRefusalCode> {}

// Amounts arrive rendered (exact decimal strings) with their currency, e.g. "5000000 COP".
export const capRefusals = {
  perTransaction: (cap: string, paymentMethod: string) =>
    new CapRefusal(
      CapRefusalCode.PER_TRANSACTION,
      `The amount is above the ${paymentMethod} limit of ${cap} per transaction`,
    ),
  userDailyAmount: (cap: string, remaining: string, paymentMethod: string) =>
    new CapRefusal(
      CapRefusalCode.USER_DAILY_AMOUNT,
      `This user reached today's ${paymentMethod} payout limit of ${cap} (${remaining} left today)`,
    ),
  userDailyCount: (cap: number, paymentMethod: string) =>
    new CapRefusal(
      CapRefusalCode.USER_DAILY_COUNT,
      `You reached the maximum number of transactions allowed today: ${cap} via ${paymentMethod}`,
    ),
  paymentMethodDailyAmount: (paymentMethod: string) =>
    new CapRefusal(
      CapRefusalCode.PAYMENT_METHOD_DAILY_AMOUNT,
      `This payment method (${paymentMethod}) already reached today's payout limit; try again tomorrow`,
    ),
};

const EXAMPLES: Readonly<Record<CapRefusalCode, CapRefusal>> = {
  [CapRefusalCode.PER_TRANSACTION]: capRefusals.perTransaction('5000000 COP', 'BREB'),
  [CapRefusalCode.USER_DAILY_COUNT]: capRefusals.userDailyCount(15, 'BREB'),
  [CapRefusalCode.USER_DAILY_AMOUNT]: capRefusals.userDailyAmount('25000000 COP', '0 COP', 'BREB'),
  [CapRefusalCode.PAYMENT_METHOD_DAILY_AMOUNT]: capRefusals.paymentMethodDailyAmount('BREB'),
};

// What the API reference says of the cap refusals a route answers, each text as answered under
// Bre-B's default caps.
export function capRefusalsDescription(
  codes: readonly CapRefusalCode[] = Object.values(CapRefusalCode),
): string {
  const refusals = codes.map((code) => `\`${code}\` "${EXAMPLES[code].reason}"`).join('; ');
  return `Payout caps (400, not retryable; a day is the calendar day in the rail's country: America/Bogota for BREB, America/Sao_Paulo for PIX): ${refusals}.`;
}
