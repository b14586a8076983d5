import { randomBytes, randomInt } from 'node:crypto';
import type { Blockchain, DepositDetectedV1 } from '@shared/contracts';
import {
  BREB_MOBILE,
  PIX_CPF,
  type Partner,
  type QuoteRequest,
  type TransactionSystem,
} from './transaction-system.js';

export interface OpenedTransaction {
  readonly id: string;
  readonly reference: string;
  // The transfer that pays it exactly, as chain-watchers reports it (memo on Stellar).
  readonly fact: DepositDetectedV1;
}

let users = 0;

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

// A new id in the form the chain names its transactions by (hash or signature).
export function fakeTransferId(blockchain: Blockchain | string): string {
  if (blockchain === 'SOLANA') return Array.from({ length: 88 }, () => BASE58[randomInt(58)]).join('');
  const hash = randomBytes(32).toString('hex');
  return blockchain === 'CELO' ? `0x${hash}` : hash;
}

// Quotes and accepts a transaction of `partner` on `route`, paid out to `account`.
export async function openTransaction(
  system: TransactionSystem,
  partner: Partner,
  route: QuoteRequest,
  account = route.payment_method === 'PIX' ? PIX_CPF : BREB_MOBILE,
): Promise<OpenedTransaction> {
  const quote = await system.quote(partner, route);
  const accepted = await system
    .accept(partner, { quote_id: quote.quote_id, user_id: `funded-user-${++users}`, account_number: account })
    .expect(200);
  const context = accepted.body.payment_context;
  const [row] = await system.sql<{ mint_address: string }>(
    'SELECT mint_address FROM "transaction"."transaction" WHERE id = $1',
    [accepted.body.id],
  );
  const stellar = route.network === 'STELLAR';
  const fact: DepositDetectedV1 = {
    blockchain: context.blockchain,
    onChainTx: fakeTransferId(context.blockchain),
    transferIndex: 0,
    cryptoCurrency: context.cryptoCurrency,
    // Stellar names the asset issuer:code; the others by mint or token contract.
    asset: stellar ? `${row!.mint_address}:${context.cryptoCurrency}` : context.mintAddress,
    depositAddress: context.depositAddress,
    sender: 'SenderWallet111',
    amount: String(context.amount),
    memo: stellar ? accepted.body.transaction_reference : null,
    transactionId: null,
    confirmedAt: new Date().toISOString(),
  };
  return { id: accepted.body.id, reference: accepted.body.transaction_reference, fact };
}
