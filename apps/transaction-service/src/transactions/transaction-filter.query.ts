import type { SelectQueryBuilder } from 'typeorm';
import type { Blockchain, PaymentMethod, TransactionStatus } from '@shared/contracts';
import type { TransactionCaller } from '../core/transaction-caller.js';
import type { TransactionFilterRequestDto } from './transaction-filter.request.dto.js';
import type { TransactionEntity } from './transaction.entity.js';

// What the console filters a partner's transactions by; absent fields do not filter.
export interface TransactionFilter {
  // An id, a reference, an on-chain hash or a user id: whichever it equals; or the start of an id.
  readonly text?: string;
  // A wallet caller sees only its own user's transactions.
  readonly userId?: string;
  readonly status?: TransactionStatus;
  readonly blockchain?: Blockchain;
  readonly paymentMethod?: PaymentMethod;
  readonly createdFrom?: Date;
  readonly createdBefore?: Date;
}

// The shortest id prefix searched for: shorter ones would match a good share of a partner's
// transactions (8 hex digits, as ids are shown shortened).
export const ID_PREFIX_MIN_DIGITS = 8;

// The filter a caller's query asks for; null when the caller speaks for nobody (a wallet token
// without a wallet user).
export function transactionFilterOf(
  caller: TransactionCaller,
  query: TransactionFilterRequestDto,
): TransactionFilter | null {
  if (caller.walletOnly && !caller.walletUser) return null;
  const { q, status, blockchain, paymentMethod, from, to } = query;
  return {
    text: q,
    userId: caller.walletOnly ? (caller.walletUser ?? undefined) : undefined,
    status,
    blockchain,
    paymentMethod,
    createdFrom: from === undefined ? undefined : new Date(from),
    createdBefore: to === undefined ? undefined : new Date(to),
  };
}

// Narrows a query of transactions (alias `t`) to one partner's that match the filter. Shared by
// the list, its CSV export and its figures, so the three always count the same transactions.
export function whereTransactionMatches(
  query: SelectQueryBuilder<TransactionEntity>,
  partnerId: string,
  filter: TransactionFilter,
): SelectQueryBuilder<TransactionEntity> {
  query.andWhere('t.partner_id = :partnerId', { partnerId });
  if (filter.text !== undefined) {
    const range = idRangeOf(filter.text);
    // The id is compared as text: a search word that is no UUID must not make a cast fail. A
    // prefix is a range of the primary key (uuids order as their hex digits): an index scan.
    query.andWhere(
      `(CAST(t.id AS text) = :word OR t.reference = :word OR t.on_chain_tx_hash = :word OR t.user_id = :word${
        range ? ' OR t.id BETWEEN CAST(:lowestId AS uuid) AND CAST(:highestId AS uuid)' : ''
      })`,
      { word: filter.text, ...(range ? { lowestId: range.lowest, highestId: range.highest } : {}) },
    );
  }
  if (filter.userId !== undefined) query.andWhere('t.user_id = :userId', { userId: filter.userId });
  if (filter.status) query.andWhere('t.status = :status', { status: filter.status });
  if (filter.blockchain) query.andWhere('t.blockchain = :blockchain', { blockchain: filter.blockchain });
  if (filter.paymentMethod)
    query.andWhere('t.payment_method = :paymentMethod', { paymentMethod: filter.paymentMethod });
  if (filter.createdFrom) query.andWhere('t.created_at >= :from', { from: filter.createdFrom });
  if (filter.createdBefore) query.andWhere('t.created_at < :before', { before: filter.createdBefore });
  return query;
}

// A transaction id's shape: `h` a hexadecimal digit.
const ID_SHAPE = 'hhhhhhhh-hhhh-hhhh-hhhh-hhhhhhhhhhhh';
const HEX_DIGIT = /^[0-9a-f]$/i;

// The lowest and highest ids that start with `text` (the start of an id as shown, dashes where
// an id has them), or null when it is no such start, a whole id, or too short to search for.
export function idRangeOf(text: string): { lowest: string; highest: string } | null {
  if (text.length >= ID_SHAPE.length) return null;
  const isIdStart = [...text].every((char, at) =>
    ID_SHAPE[at] === '-' ? char === '-' : HEX_DIGIT.test(char),
  );
  const digits = text.replaceAll('-', '').toLowerCase();
  if (!isIdStart || digits.length < ID_PREFIX_MIN_DIGITS) return null;
  const asId = (hex: string) =>
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { lowest: asId(digits.padEnd(32, '0')), highest: asId(digits.padEnd(32, 'f')) };
}
