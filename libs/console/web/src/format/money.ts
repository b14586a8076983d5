// Amounts arrive as the API's exact decimal strings and are only ever formatted as strings:
// Intl.NumberFormat reads a numeric string as an exact decimal, so no amount passes through a
// float (12345678901234567.19 stays what it is).

// The stablecoins' decimals as the platform prices them (fees to 6 places); chain-level decimals
// (Stellar's 7) never reach an amount the API answers.
const CRYPTO_DECIMALS: Readonly<Record<string, number>> = { USDC: 6, USDT: 6 };
// Every fiat currency the rails pay (BRL, COP) and the USD that KYC thresholds are named in.
const FIAT_DECIMALS = 2;
// Crypto shows at least cents, so 226.38 USDC and 1.91104 USDC read as the same kind of figure.
const CRYPTO_MIN_DECIMALS = 2;

const DECIMAL = /^-?\d+(?:\.(\d+))?$/;

export interface NumberOptions {
  // The browser's locale unless a test names one.
  readonly locale?: string;
}

// "2500000" COP → "2,500,000.00 COP"; "1.911040" USDC → "1.91104 USDC". Digits beyond the
// currency's minor units are kept, never rounded away: the figure shown is the figure stored.
export function formatMoney(amount: string, currency: string, options: NumberOptions = {}): string {
  return `${withUnits(amount, minorUnitsOf(currency), options)} ${currency}`;
}

// A rate, a bound or any other exact decimal without a currency: grouped, every digit kept.
export function formatDecimal(value: string, options: NumberOptions = {}): string {
  return withUnits(value, { min: 0, max: 0 }, options);
}

// A count (transactions, attempts), grouped.
export function formatCount(count: number, options: NumberOptions = {}): string {
  return new Intl.NumberFormat(options.locale, { maximumFractionDigits: 0 }).format(count);
}

interface MinorUnits {
  readonly min: number;
  readonly max: number;
}

function minorUnitsOf(currency: string): MinorUnits {
  const crypto = CRYPTO_DECIMALS[currency];
  return crypto === undefined
    ? { min: FIAT_DECIMALS, max: FIAT_DECIMALS }
    : { min: CRYPTO_MIN_DECIMALS, max: crypto };
}

function withUnits(value: string, units: MinorUnits, options: NumberOptions): string {
  const match = DECIMAL.exec(value.trim());
  // Not a decimal (an API change, a missing figure): shown as sent rather than as NaN.
  if (!match) return value;
  const given = match[1]?.length ?? 0;
  return new Intl.NumberFormat(options.locale, {
    minimumFractionDigits: units.min,
    maximumFractionDigits: Math.max(units.max, given),
  }).format(value.trim() as Intl.StringNumericLiteral);
}
