// The few PostgreSQL wire-protocol messages PgliteWireServer reads or writes itself.

// The budgets a client asks for in its startup packet (node-postgres sends its
// statement_timeout and idle_in_transaction_session_timeout options there), 0 meaning none.
export interface SessionBudgets {
  readonly statementMs: number;
  readonly idleInTransactionMs: number;
}

const BUDGET_PARAMETERS = {
  statement_timeout: 'statementMs',
  idle_in_transaction_session_timeout: 'idleInTransactionMs',
} as const;

// ReadyForQuery, in a failed transaction block.
export const READY_IN_FAILED_TRANSACTION = Buffer.from([0x5a, 0, 0, 0, 5, 0x45]);

// Puts the backend's open transaction in the aborted state, as a cancelled statement does.
export const ABORT_TRANSACTION = `DO $$ BEGIN RAISE EXCEPTION 'transaction time budget exceeded'; END $$`;

const ROLLBACK_QUERY = /^\s*(ROLLBACK|ABORT)\b/i;

// A startup packet (length, protocol version, then name/value pairs of C strings ending in an
// empty name) split into the budgets it asks for and the same packet without them.
export function readStartup(packet: Buffer): { budgets: SessionBudgets; packet: Buffer } {
  const words = packet.subarray(8).toString('utf8').split('\0');
  const kept: string[] = [];
  const budgets = { statementMs: 0, idleInTransactionMs: 0 };
  for (let i = 0; i + 1 < words.length && words[i] !== ''; i += 2) {
    const [name, value] = [words[i]!, words[i + 1]!];
    if (name in BUDGET_PARAMETERS) {
      const parsed = Number.parseInt(value, 10);
      budgets[BUDGET_PARAMETERS[name as keyof typeof BUDGET_PARAMETERS]] = parsed > 0 ? parsed : 0;
    } else kept.push(name, value);
  }
  const body = Buffer.from(kept.map((word) => `${word}\0`).join('') + '\0', 'utf8');
  const header = Buffer.alloc(8);
  header.writeInt32BE(8 + body.length, 0);
  packet.copy(header, 4, 4, 8);
  return { budgets, packet: Buffer.concat([header, body]) };
}

export function simpleQuery(sql: string): Buffer {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const header = Buffer.alloc(5);
  header.write('Q', 0);
  header.writeInt32BE(text.length + 4, 1);
  return Buffer.concat([header, text]);
}

export function errorResponse(severity: 'ERROR' | 'FATAL', code: string, message: string): Buffer {
  const fields = Buffer.from(`S${severity}\0V${severity}\0C${code}\0M${message}\0\0`, 'utf8');
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

// A simple-protocol ROLLBACK (how node-postgres and TypeORM end a failed transaction): always let
// through, or a cancelled transaction could never end.
export function isRollback(bytes: Buffer): boolean {
  return bytes[0] === 'Q'.charCodeAt(0) && ROLLBACK_QUERY.test(bytes.subarray(5).toString('utf8'));
}
