import { describe, expect, it } from '@jest/globals';
import { parsePgSnapshot, sawTransaction } from './pg-snapshot.js';

describe('PgSnapshot', () => {
  it("reads pg_current_snapshot()'s text, with or without running transactions", () => {
    expect(parsePgSnapshot('750:758:752,755')).toEqual({
      xmin: 750n,
      xmax: 758n,
      running: new Set([752n, 755n]),
    });
    expect(parsePgSnapshot('4294967300:4294967300:')).toEqual({
      xmin: 4_294_967_300n,
      xmax: 4_294_967_300n,
      running: new Set(),
    });
    expect(() => parsePgSnapshot('750:758')).toThrow("Not a PostgreSQL snapshot: '750:758'");
  });

  it('saw the transactions ended before it, not the running ones nor those begun after it', () => {
    const snapshot = parsePgSnapshot('750:758:752,755');
    expect(
      [749n, 750n, 751n, 752n, 755n, 757n, 758n, 900n].map((xid) => sawTransaction(snapshot, xid)),
    ).toEqual([true, true, true, false, false, true, false, false]);
  });
});
