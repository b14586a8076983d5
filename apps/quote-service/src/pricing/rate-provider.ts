import type { CryptoCurrency, TargetCurrency } from '@shared/contracts';

export interface CurrencyPair {
  readonly crypto: CryptoCurrency;
  readonly fiat: TargetCurrency;
}

export interface ObservedRate {
  // Fiat per unit of crypto, as a decimal string.
  readonly fiatPerCrypto: string;
  readonly observedAt: Date;
  readonly source: string;
}

// Where prices come from. Implementations may fail or be slow: callers never wait on them, they
// read what RateBook last stored.
export abstract class RateProvider {
  abstract readonly name: string;
  abstract pairs(): readonly CurrencyPair[];
  abstract fetch(pair: CurrencyPair): Promise<ObservedRate>;
}

export function parsePairList(list: string): Array<[CurrencyPair, string]> {
  return list.split(',').map((entry) => {
    const [pair, value] = entry.split('=') as [string, string];
    const [crypto, fiat] = pair.split(':') as [CurrencyPair['crypto'], CurrencyPair['fiat']];
    return [{ crypto, fiat }, value];
  });
}
