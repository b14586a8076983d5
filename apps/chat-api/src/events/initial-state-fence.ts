import { sawTransaction, type PgSnapshot } from './pg-snapshot.js';

// POST /register creates the queue, then reads the initial state under a snapshot taken after
// the queue exists. An event whose transaction that snapshot saw is already in the state: were
// it queued too, the client would apply the change twice (a user group added twice). Events
// come after their transaction committed, through the outbox relay, so one committed before
// the register can still arrive after it. Until the snapshot is known, events wait here.
export class InitialStateFence {
  private snapshot: PgSnapshot | null = null;
  // null once nothing waits for a snapshot: a queue without initial state (GET /events without
  // queue_id) lets every event pass from the start.
  private waiting: Array<() => void> | null;

  constructor(readsInitialState: boolean) {
    this.waiting = readsInitialState ? [] : null;
  }

  // Runs `deliver` for an event of transaction `xid` (undefined: not known, so delivered) now,
  // once the snapshot is known, or never.
  pass(xid: bigint | undefined, deliver: () => void): void {
    if (this.waiting !== null) this.waiting.push(() => this.pass(xid, deliver));
    else if (xid === undefined || this.snapshot === null || !sawTransaction(this.snapshot, xid)) deliver();
  }

  // The snapshot the initial state was read after.
  settle(snapshot: PgSnapshot): void {
    const waiting = this.waiting ?? [];
    this.snapshot = snapshot;
    this.waiting = null;
    for (const deliver of waiting) deliver();
  }
}
