import { PublicKey, VersionedTransaction } from '@solana/web3.js';
import {
  base58,
  BLOCKHASH_VALIDITY_SLOTS,
  UnsupportedProgramError,
  type LedgerTransaction,
  type SolanaLedger,
} from './solana-ledger.js';

export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

type Params = readonly unknown[];
type Method = (ledger: SolanaLedger, params: Params) => unknown;

function withContext(ledger: SolanaLedger, value: unknown) {
  return { context: { slot: ledger.currentSlot(), apiVersion: '2.2.0' }, value };
}

function config(params: Params, index: number): Record<string, unknown> {
  const value = params[index];
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function publicKey(value: unknown): PublicKey {
  try {
    return new PublicKey(String(value));
  } catch {
    throw new JsonRpcError(-32602, `Invalid param: ${String(value)}`);
  }
}

function accountJson(ledger: SolanaLedger, key: PublicKey) {
  const account = ledger.svm.getAccount(key);
  if (!account) return null;
  return {
    data: [Buffer.from(account.data).toString('base64'), 'base64'],
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner.toBase58(),
    rentEpoch: 0,
    space: account.data.length,
  };
}

// A transaction as getTransaction answers it with encoding "json".
function transactionJson(record: LedgerTransaction) {
  const { message, signatures } = VersionedTransaction.deserialize(record.wire);
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version: message.version,
    transaction: {
      signatures: signatures.map((signature) => base58(signature)),
      message: {
        accountKeys: message.staticAccountKeys.map((key) => key.toBase58()),
        header: message.header,
        recentBlockhash: message.recentBlockhash,
        instructions: message.compiledInstructions.map((instruction) => ({
          programIdIndex: instruction.programIdIndex,
          accounts: [...instruction.accountKeyIndexes],
          data: base58(instruction.data),
        })),
        ...(message.version === 0 ? { addressTableLookups: [] } : {}),
      },
    },
    meta: {
      err: record.err,
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
      logMessages: record.logMessages,
      innerInstructions: record.innerInstructions,
      loadedAddresses: { writable: [], readonly: [] },
      status: record.err === null ? { Ok: null } : { Err: record.err },
    },
  };
}

function visible(ledger: SolanaLedger, record: LedgerTransaction | null, commitment: unknown) {
  if (!record) return null;
  return commitment === 'finalized' && !ledger.isFinalized(record) ? null : record;
}

function sendTransaction(ledger: SolanaLedger, params: Params): string {
  const options = config(params, 1);
  const encoding = options['encoding'] === 'base64' ? 'base64' : 'base58';
  if (encoding !== 'base64') throw new JsonRpcError(-32602, 'only base64 encoded transactions are supported');
  let transaction: VersionedTransaction;
  try {
    transaction = VersionedTransaction.deserialize(Buffer.from(String(params[0]), 'base64'));
  } catch {
    throw new JsonRpcError(-32602, 'failed to deserialize transaction');
  }
  try {
    if (!options['skipPreflight']) {
      const failure = ledger.simulate(transaction);
      if (failure && !failure.ok)
        throw new JsonRpcError(-32002, 'Transaction simulation failed', {
          err: failure.err,
          logs: failure.logs,
        });
    }
    return landed(ledger, ledger.execute(transaction));
  } catch (error) {
    if (error instanceof UnsupportedProgramError) throw new JsonRpcError(-32602, error.message);
    throw error;
  }
}

function landed(ledger: SolanaLedger, result: ReturnType<SolanaLedger['execute']>): string {
  if (!result.ok && !ledger.find(result.signature))
    throw new JsonRpcError(-32002, `Transaction failed: ${JSON.stringify(result.err)}`, {
      err: result.err,
      logs: result.logs,
    });
  return result.signature;
}

export const solanaRpcMethods: Readonly<Record<string, Method>> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
  getGenesisHash: () => 'PayoutSandbox1111111111111111111111111111111',
  getSlot: (ledger) => ledger.currentSlot(),
  getBlockHeight: (ledger) => ledger.currentSlot(),
  getLatestBlockhash: (ledger) =>
    withContext(ledger, {
      blockhash: ledger.latestBlockhash(),
      lastValidBlockHeight: ledger.currentSlot() + BLOCKHASH_VALIDITY_SLOTS,
    }),
  isBlockhashValid: (ledger, params) => withContext(ledger, ledger.isBlockhashValid(String(params[0]))),
  getBalance: (ledger, params) =>
    withContext(ledger, Number(ledger.svm.getBalance(publicKey(params[0])) ?? 0n)),
  getAccountInfo: (ledger, params) => withContext(ledger, accountJson(ledger, publicKey(params[0]))),
  getMultipleAccounts: (ledger, params) =>
    withContext(
      ledger,
      (params[0] as unknown[]).map((key) => accountJson(ledger, publicKey(key))),
    ),
  getMinimumBalanceForRentExemption: (ledger, params) =>
    Number(ledger.svm.minimumBalanceForRentExemption(BigInt(Number(params[0] ?? 0)))),
  sendTransaction,
  getSignatureStatuses: (ledger, params) =>
    withContext(
      ledger,
      (params[0] as unknown[]).map((signature) => {
        const record = ledger.find(String(signature));
        if (!record) return null;
        const finalized = ledger.isFinalized(record);
        return {
          slot: record.slot,
          confirmations: finalized ? null : 0,
          err: record.err,
          status: record.err === null ? { Ok: null } : { Err: record.err },
          confirmationStatus: finalized ? 'finalized' : 'confirmed',
        };
      }),
    ),
  // Newest first; `before` and `until` are exclusive signatures, `limit` at most 1000.
  getSignaturesForAddress: (ledger, params) => {
    const options = config(params, 1);
    const commitment = options['commitment'] ?? 'finalized';
    const limit = Math.min(Math.max(Number(options['limit'] ?? 1000), 1), 1000);
    let records = ledger
      .signaturesFor(publicKey(params[0]).toBase58())
      .filter((record) => visible(ledger, record, commitment));
    const before = records.findIndex(({ signature }) => signature === options['before']);
    if (options['before'] !== undefined) records = before >= 0 ? records.slice(before + 1) : [];
    const until = records.findIndex(({ signature }) => signature === options['until']);
    if (until >= 0) records = records.slice(0, until);
    return records.slice(0, limit).map((record) => ({
      signature: record.signature,
      slot: record.slot,
      err: record.err,
      memo: null,
      blockTime: record.blockTime,
      confirmationStatus: ledger.isFinalized(record) ? 'finalized' : 'confirmed',
    }));
  },
  getTokenAccountsByOwner: (ledger, params) => {
    const filter = config(params, 1);
    const options = config(params, 2);
    if (options['encoding'] !== undefined && options['encoding'] !== 'base64')
      throw new JsonRpcError(-32602, 'only encoding "base64" is supported');
    if (filter['mint'] === undefined && filter['programId'] === undefined)
      throw new JsonRpcError(-32602, 'Invalid params: a mint or programId filter is required');
    const accounts = ledger.tokenAccountsOf(publicKey(params[0]), {
      ...(filter['mint'] !== undefined ? { mint: publicKey(filter['mint']) } : {}),
      ...(filter['programId'] !== undefined ? { programId: publicKey(filter['programId']) } : {}),
    });
    return withContext(
      ledger,
      accounts.map((pubkey) => ({ pubkey: pubkey.toBase58(), account: accountJson(ledger, pubkey) })),
    );
  },
  getTransaction: (ledger, params) => {
    const options = config(params, 1);
    if (options['encoding'] !== undefined && options['encoding'] !== 'json')
      throw new JsonRpcError(-32602, 'only encoding "json" is supported');
    const record = visible(ledger, ledger.find(String(params[0])), options['commitment'] ?? 'finalized');
    return record ? transactionJson(record) : null;
  },
};
