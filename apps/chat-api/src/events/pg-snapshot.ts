// A PostgreSQL snapshot (pg_current_snapshot()), to tell which transactions' changes a read made
// under it saw: every transaction below xmin had ended, none from xmax on had, and between them
// the ones listed were still running.
export interface PgSnapshot {
  readonly xmin: bigint;
  readonly xmax: bigint;
  readonly running: ReadonlySet<bigint>;
}

// The text form, 'xmin:xmax:xip,xip,...' (the list may be empty).
export function parsePgSnapshot(text: string): PgSnapshot {
  const match = /^(\d+):(\d+):([\d,]*)$/.exec(text);
  if (!match) throw new Error(`Not a PostgreSQL snapshot: '${text}'`);
  const [, xmin, xmax, running] = match;
  return {
    xmin: BigInt(xmin!),
    xmax: BigInt(xmax!),
    running: new Set(running === '' ? [] : running!.split(',').map(BigInt)),
  };
}

// Whether a read under the snapshot saw what the transaction committed (pg_visible_in_snapshot).
// Only asked of committed transactions: an event exists because its transaction committed.
export function sawTransaction(snapshot: PgSnapshot, xid: bigint): boolean {
  if (xid < snapshot.xmin) return true;
  if (xid >= snapshot.xmax) return false;
  return !snapshot.running.has(xid);
}
