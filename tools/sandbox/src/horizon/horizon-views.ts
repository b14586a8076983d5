import { fromStroops } from './horizon-amounts.js';
import type { OperationRecord, SandboxAccount, TransactionRecord } from './horizon-ledger.js';

// JSON views of the ledger in Horizon's response shapes (HAL links included, so the SDK's
// record helpers such as record.transaction() work).
export function accountView(base: string, id: string, account: SandboxAccount) {
  const credit = [...account.lines].map(([key, balance]) => {
    const [code, issuer] = key.split(':') as [string, string];
    return {
      balance: fromStroops(balance),
      limit: '922337203685.4775807',
      asset_type: code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12',
      asset_code: code,
      asset_issuer: issuer,
    };
  });
  return {
    _links: { self: { href: `${base}/accounts/${id}` } },
    id,
    account_id: id,
    paging_token: id,
    sequence: account.sequence.toString(),
    subentry_count: account.lines.size,
    thresholds: { low_threshold: 0, med_threshold: 0, high_threshold: 0 },
    flags: {
      auth_required: false,
      auth_revocable: false,
      auth_immutable: false,
      auth_clawback_enabled: false,
    },
    balances: [...credit, { balance: fromStroops(account.native), asset_type: 'native' }],
    signers: [{ weight: 1, key: id, type: 'ed25519_public_key' }],
    data: {},
    // The SDK reads SEP-29's config.memo_required from here before every submit.
    data_attr: {},
  };
}

export function transactionView(base: string, record: TransactionRecord) {
  const self = `${base}/transactions/${record.hash}`;
  return {
    _links: {
      self: { href: self },
      account: { href: `${base}/accounts/${record.source}` },
      operations: { href: `${self}/operations{?cursor,limit,order}`, templated: true },
      effects: { href: `${self}/effects{?cursor,limit,order}`, templated: true },
    },
    id: record.hash,
    paging_token: record.pagingToken,
    successful: true,
    hash: record.hash,
    ledger: record.ledger,
    created_at: record.createdAt,
    source_account: record.source,
    source_account_sequence: record.sequence,
    fee_account: record.source,
    fee_charged: record.fee,
    max_fee: record.fee,
    operation_count: record.operations.length,
    envelope_xdr: record.envelopeXdr,
    result_xdr: record.resultXdr,
    memo_type: record.memoType,
    ...(record.memo === undefined ? {} : { memo: record.memo }),
    signatures: [],
  };
}

export function operationView(base: string, operation: OperationRecord, transaction?: TransactionRecord) {
  return {
    _links: {
      self: { href: `${base}/operations/${operation.id}` },
      transaction: { href: `${base}/transactions/${operation.transaction_hash}` },
    },
    ...operation.body,
    ...(transaction ? { transaction: transactionView(base, transaction) } : {}),
  };
}

export function pageView(
  base: string,
  path: string,
  query: URLSearchParams,
  records: unknown[],
  last: string | undefined,
) {
  const link = (cursor: string) => {
    const next = new URLSearchParams(query);
    next.set('cursor', cursor);
    return { href: `${base}${path}?${next.toString()}` };
  };
  return {
    _links: {
      self: link(query.get('cursor') ?? ''),
      next: link(last ?? query.get('cursor') ?? ''),
      prev: link(''),
    },
    _embedded: { records },
  };
}
