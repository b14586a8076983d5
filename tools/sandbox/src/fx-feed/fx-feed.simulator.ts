import { reply, startSandboxServer } from '../http/sandbox-http-server.js';

export interface FxFeedSimulator {
  readonly url: string;
  // Changes a symbol's bid (and ask, one tick above) for tests.
  setBid(symbol: string, bid: string): void;
  close(): Promise<void>;
}

export const SANDBOX_BIDS: Readonly<Record<string, string>> = {
  USDCBRL: '5.5000',
  USDTBRL: '5.4900',
  USDCCOP: '4000.00',
  USDTCOP: '3995.00',
};

// A price feed speaking the book-ticker protocol quote-service's market rate source reads
// (GET /api/v3/ticker/bookTicker?symbol=USDTBRL), with fixed bids so quotes are reproducible.
export async function startFxFeed(port = 0): Promise<FxFeedSimulator> {
  const bids = new Map(Object.entries(SANDBOX_BIDS));
  const server = await startSandboxServer(
    [
      {
        method: 'GET',
        path: '/api/v3/ticker/bookTicker',
        handler: ({ url }) => {
          const symbol = url.searchParams.get('symbol') ?? '';
          const bid = bids.get(symbol);
          if (!bid) return reply(400, { code: -1121, msg: 'Invalid symbol.' });
          return reply(200, {
            symbol,
            bidPrice: bid,
            bidQty: '1000000.00',
            askPrice: askOf(bid),
            askQty: '1000000.00',
          });
        },
      },
    ],
    port,
  );
  return { url: server.url, setBid: (symbol, bid) => void bids.set(symbol, bid), close: server.close };
}

function askOf(bid: string): string {
  const decimals = bid.split('.')[1]?.length ?? 0;
  const tick = 10 ** -decimals;
  return (Number(bid) + tick).toFixed(decimals);
}
