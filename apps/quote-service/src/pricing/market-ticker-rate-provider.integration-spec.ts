import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CryptoCurrency, TargetCurrency } from '@shared/contracts';
import { FixedClock } from '@shared/util';
import { MarketTickerRateProvider } from './market-ticker-rate-provider.js';

// A local stand-in speaking the exchange's book-ticker protocol.
const tickers: Record<string, unknown> = {
  USDTBRL: {
    symbol: 'USDTBRL',
    bidPrice: '5.43210000',
    bidQty: '1000',
    askPrice: '5.44000000',
    askQty: '900',
  },
  USDCBRL: { symbol: 'USDCBRL', bidPrice: 'not-a-price' },
};

describe(MarketTickerRateProvider.name, () => {
  let server: Server;
  let baseUrl: string;
  const clock = new FixedClock(new Date('2026-01-01T00:00:00Z'));

  beforeAll(async () => {
    server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const ticker =
        url.pathname === '/api/v3/ticker/bookTicker'
          ? tickers[url.searchParams.get('symbol') ?? '']
          : undefined;
      response.writeHead(ticker ? 200 : 400, { 'content-type': 'application/json' });
      response.end(JSON.stringify(ticker ?? { code: -1121, msg: 'Invalid symbol.' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const sut = () =>
    new MarketTickerRateProvider(baseUrl, 'USDT:BRL=USDTBRL,USDC:BRL=USDCBRL,USDT:COP=USDTCOP', clock);

  it('prices a pair at the best bid, keeping every digit', async () => {
    expect(await sut().fetch({ crypto: CryptoCurrency.USDT, fiat: TargetCurrency.BRL })).toEqual({
      fiatPerCrypto: '5.43210000',
      observedAt: clock.now(),
      source: 'market:USDTBRL',
    });
  });

  it('refuses a ticker without a usable bid', async () => {
    await expect(sut().fetch({ crypto: CryptoCurrency.USDC, fiat: TargetCurrency.BRL })).rejects.toThrow(
      'sent no usable bid',
    );
  });

  it('refuses a symbol the exchange does not know', async () => {
    await expect(sut().fetch({ crypto: CryptoCurrency.USDT, fiat: TargetCurrency.COP })).rejects.toThrow(
      'answered 400',
    );
  });

  it('refuses a pair without a configured symbol', async () => {
    await expect(sut().fetch({ crypto: CryptoCurrency.USDC, fiat: TargetCurrency.COP })).rejects.toThrow(
      'no market symbol',
    );
  });

  it('lists the pairs it can price', () => {
    expect(sut().pairs()).toHaveLength(3);
  });
});
