export type FiatCurrency = 'COP' | 'BRL';

// Minor units of each currency: pesos have no cents in practice, reais have centavos.
export const FIAT_DECIMALS: Readonly<Record<FiatCurrency, number>> = { COP: 0, BRL: 2 };

// The currency arrives from a request, so the type alone does not guarantee it is one we price.
export function fiatDecimals(currency: FiatCurrency): number {
  if (!Object.hasOwn(FIAT_DECIMALS, currency)) throw new RangeError(`Unsupported fiat currency ${currency}`);
  return FIAT_DECIMALS[currency];
}
