import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFxFeed, type FxFeedSimulator } from './fx-feed.simulator.js';

describe('FX feed simulator', () => {
  let feed: FxFeedSimulator;
  beforeAll(async () => {
    feed = await startFxFeed();
  });
  afterAll(() => feed.close());

  it('answers the book ticker of a known symbol and 400 for an unknown one', async () => {
    const ticker = await fetch(`${feed.url}/api/v3/ticker/bookTicker?symbol=USDTBRL`);
    expect(await ticker.json()).toEqual({
      symbol: 'USDTBRL',
      bidPrice: '5.4900',
      bidQty: '1000000.00',
      askPrice: '5.4901',
      askQty: '1000000.00',
    });
    feed.setBid('USDTBRL', '5.6000');
    expect(await (await fetch(`${feed.url}/api/v3/ticker/bookTicker?symbol=USDTBRL`)).json()).toMatchObject({
      bidPrice: '5.6000',
    });
    expect((await fetch(`${feed.url}/api/v3/ticker/bookTicker?symbol=NOPE`)).status).toBe(400);
  });
});
