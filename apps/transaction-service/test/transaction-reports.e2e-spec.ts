import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { decimal } from '@payout/money';
import { TransactionStatus } from '@shared/contracts';
import { openTransaction, type OpenedTransaction } from './funded-transactions.js';
import {
  CELO_PIX,
  SOLANA_PIX,
  STELLAR_BREB,
  TransactionSystem,
  refusal,
  type Partner,
} from './transaction-system.js';

// A CSV body as rows of fields (RFC 4180: quoted fields may hold commas, quotes and newlines).
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    const next = text[at + 1];
    if (quoted && char === '"' && next === '"') {
      field += '"';
      at += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && char === '\r' && next === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      at += 1;
    } else {
      field += char;
    }
  }
  return rows;
}

// The console's overview figures and CSV download (GET /transactions/figures and
// /transactions/export), and the id prefix search of GET /transactions.
describe("the web console's transaction reports", () => {
  const system = new TransactionSystem();
  let partner: Partner;
  let other: Partner;
  let completed: OpenedTransaction;
  let failed: OpenedTransaction;
  let waiting: OpenedTransaction;
  const formulaUser = '=HYPERLINK("https://evil.example","a, b")';

  const get = (who: Partner, path: string, query: Record<string, string> = {}) =>
    system.http.get(path).query(query).set('X-API-Key', who.apiKey);
  const csvOf = async (who: Partner, query: Record<string, string> = {}) => {
    const response = await get(who, '/transactions/export', query).buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="transactions.csv"');
    return parseCsv(response.text);
  };

  beforeAll(async () => {
    await system.start();
    partner = await system.createPartner('Reports');
    other = await system.createPartner('Reports other');
    completed = await openTransaction(system, partner, STELLAR_BREB);
    failed = await openTransaction(system, partner, SOLANA_PIX);
    waiting = await openTransaction(system, partner, CELO_PIX);
    await openTransaction(system, other, STELLAR_BREB);
    await system.sql(`UPDATE "transaction"."transaction" SET status = $2, user_id = $3 WHERE id = $1`, [
      completed.id,
      TransactionStatus.PAYMENT_COMPLETED,
      formulaUser,
    ]);
    await system.sql(`UPDATE "transaction"."transaction" SET status = $2 WHERE id = $1`, [
      failed.id,
      TransactionStatus.PAYMENT_FAILED,
    ]);
    await system.sql(
      `INSERT INTO "transaction"."refund" (id, transaction_id, deposit_id, blockchain, crypto_currency,
         destination, amount, reason, status, on_chain_tx, failure_reason, requested_at, settled_at)
       VALUES ($1, $2, $3, 'SOLANA', 'USDC', 'Sender111', '18.430000000000000000', 'PAYOUT_FAILED', 'SENT',
         'refund-tx', NULL, now(), now())`,
      [randomUUID(), failed.id, randomUUID()],
    );
  });

  afterAll(() => system.stop());

  it('downloads the filtered transactions as CSV: a header, exact amounts, refunds, inert free text', async () => {
    const [header, ...rows] = await csvOf(partner);
    expect(header).toEqual([
      'id',
      'created_at',
      'status',
      'status_changed_at',
      'user_id',
      'transaction_reference',
      'blockchain',
      'crypto_currency',
      'source_amount',
      'payment_method',
      'target_currency',
      'target_amount',
      'refund_status',
      'on_chain_tx_hash',
    ]);
    // Newest first.
    expect(rows.map((row) => row[0])).toEqual([waiting.id, failed.id, completed.id]);
    const byId = new Map(rows.map((row) => [row[0], row]));
    expect(byId.get(completed.id)).toEqual([
      completed.id,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      'PAYMENT_COMPLETED',
      expect.any(String),
      `'${formulaUser}`,
      completed.reference.startsWith('+') ? `'${completed.reference}` : completed.reference,
      'STELLAR',
      'USDC',
      '101.02',
      'BREB',
      'COP',
      '400000',
      '',
      '',
    ]);
    expect(byId.get(failed.id)).toMatchObject({ 2: 'PAYMENT_FAILED', 8: '18.43', 12: 'SENT' });
    expect(await csvOf(partner, { status: 'PAYMENT_FAILED' })).toHaveLength(2);
  });

  it("answers the figures of the same filter, whose volume the CSV's amounts sum to", async () => {
    const figures = (await get(partner, '/transactions/figures').expect(200)).body;
    expect(figures).toEqual({
      from: null,
      to: null,
      count: 3,
      volume: [
        { currency: 'USDC', amount: '119.45', count: 2 },
        { currency: 'USDT', amount: expect.any(String), count: 1 },
      ],
      completed: 1,
      failed: 1,
      refunded: 1,
      successRate: 0.5,
      statuses: [
        { status: 'AWAITING_PAYMENT', count: 1 },
        { status: 'PAYMENT_COMPLETED', count: 1 },
        { status: 'PAYMENT_FAILED', count: 1 },
      ],
    });
    // The download's sums per currency are the figures' volume.
    const [, ...rows] = await csvOf(partner);
    const sums = new Map<string, string>();
    for (const row of rows)
      sums.set(
        row[7]!,
        decimal(sums.get(row[7]!) ?? 0)
          .plus(decimal(row[8]!))
          .toFixed(),
      );
    expect(
      figures.volume.map(({ currency, amount }: { currency: string; amount: string }) => [currency, amount]),
    ).toEqual([...sums].sort());

    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const ranged = (
      await get(partner, '/transactions/figures', { from, to, blockchain: 'SOLANA' }).expect(200)
    ).body;
    expect(ranged).toMatchObject({ from, to, count: 1, failed: 1, refunded: 1, successRate: 0 });
    expect(ranged.volume).toEqual([{ currency: 'USDC', amount: '18.43', count: 1 }]);
  });

  it("never counts or exports another partner's transactions", async () => {
    expect((await csvOf(other)).map((row) => row[0])).not.toContain(completed.id);
    expect((await get(other, '/transactions/figures').expect(200)).body).toMatchObject({ count: 1 });
    expect(await csvOf(other, { q: completed.id })).toHaveLength(1);
  });

  it('streams an export larger than one batch, every transaction once, ties broken by id', async () => {
    const bulk = await system.createPartner('Reports bulk');
    const seed = await openTransaction(system, bulk, STELLAR_BREB);
    const columns = (
      await system.sql<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = 'transaction' AND table_name = 'transaction' ORDER BY ordinal_position`,
        [],
      )
    ).map(({ column_name }) => column_name);
    const generated: Record<string, string> = {
      id: 'gen_random_uuid()',
      quote_id: 'gen_random_uuid()',
      reference: 'substr(md5(random()::text || n::text), 1, 24)',
    };
    // 1,200 copies created at the same instant: only the id orders them.
    await system.sql(
      `INSERT INTO "transaction"."transaction" (${columns.map((name) => `"${name}"`).join(', ')})
       SELECT ${columns.map((name) => generated[name] ?? `t."${name}"`).join(', ')}
         FROM "transaction"."transaction" t, generate_series(1, 1200) n WHERE t.id = $1`,
      [seed.id],
    );

    const [, ...rows] = await csvOf(bulk);
    expect(rows).toHaveLength(1201);
    expect(new Set(rows.map((row) => row[0])).size).toBe(1201);
    expect((await get(bulk, '/transactions/figures').expect(200)).body).toMatchObject({
      count: 1201,
      volume: [{ currency: 'USDC', amount: decimal('101.02').times(1201).toFixed(), count: 1201 }],
    });
  });

  it('finds a transaction by the start of its id, from 8 digits, for its partner only', async () => {
    const ids = async (who: Partner, q: string) =>
      ((await get(who, '/transactions', { q }).expect(200)).body.transactions as Array<{ id: string }>).map(
        ({ id }) => id,
      );
    expect(await ids(partner, completed.id.slice(0, 8))).toEqual([completed.id]);
    expect(await ids(partner, completed.id.slice(0, 13).toUpperCase())).toEqual([completed.id]);
    expect(await ids(partner, completed.id.slice(0, 7))).toEqual([]);
    expect(await ids(other, completed.id.slice(0, 8))).toEqual([]);
    expect(await csvOf(partner, { q: completed.id.slice(0, 8) })).toHaveLength(2);
  });

  it.each(['/transactions', '/transactions/export', '/transactions/figures'])(
    'refuses a reversed date range on %s',
    async (path) => {
      expect(
        (await get(partner, path, { from: '2026-12-06', to: '2026-12-05T23:59:59Z' }).expect(400)).body,
      ).toEqual(refusal('invalid_request', 'to must not be before from'));
    },
  );

  it('refuses a malformed filter and a caller without credentials', async () => {
    expect((await get(partner, '/transactions/export', { status: 'DONE' }).expect(400)).body).toEqual(
      refusal('invalid_request', 'status must be one of ' + Object.values(TransactionStatus).join(', ')),
    );
    expect((await get(partner, '/transactions/figures', { from: 'yesterday' }).expect(400)).body).toEqual(
      refusal('invalid_request', 'from must be an ISO 8601 date'),
    );
    await system.http.get('/transactions/export').expect(401);
    await system.http.get('/transactions/figures').expect(401);
  });

  it('documents both routes, the export as text/csv', async () => {
    const { paths } = (await system.http.get('/openapi.json').expect(200)).body;
    expect(Object.keys(paths['/transactions/export'].get.responses['200'].content)).toEqual(['text/csv']);
    expect(paths['/transactions/figures'].get.responses['200']).toBeDefined();
  });
});
