import { describe, expect, it } from '@jest/globals';
import { InitialStateFence } from './initial-state-fence.js';
import { parsePgSnapshot } from './pg-snapshot.js';

describe('InitialStateFence', () => {
  it('holds events until the snapshot is known, then keeps out those the state already includes', () => {
    const fence = new InitialStateFence(true);
    const delivered: string[] = [];
    const pass = (name: string, xid?: bigint) => fence.pass(xid, () => delivered.push(name));

    pass('committed before the snapshot', 740n);
    pass('committed while the snapshot was taken', 752n);
    pass('published outside an outbox');
    expect(delivered).toEqual([]);

    fence.settle(parsePgSnapshot('750:758:752'));
    expect(delivered).toEqual(['committed while the snapshot was taken', 'published outside an outbox']);

    pass('committed before the snapshot, relayed late', 751n);
    pass('committed after the snapshot', 760n);
    expect(delivered.slice(2)).toEqual(['committed after the snapshot']);
  });

  it('lets every event pass for a queue without initial state', () => {
    const fence = new InitialStateFence(false);
    const delivered: bigint[] = [];
    fence.pass(740n, () => delivered.push(740n));
    expect(delivered).toEqual([740n]);
  });
});
