import { EventEmitter } from 'node:events';
import { Asset, Keypair, Memo, Operation, Transaction, type xdr } from '@stellar/stellar-sdk';
import { ed25519Verify } from '@shared/util';
import { fromStroops, toStroops } from './horizon-amounts.js';
import { operationFailure, transactionResult, type OperationOutcome } from './horizon-results.js';

export interface SandboxAccount {
  sequence: bigint;
  native: bigint;
  // Credit balances keyed by `CODE:ISSUER`; a key exists once the account trusts the asset.
  readonly lines: Map<string, bigint>;
}

export interface OperationRecord {
  readonly id: string;
  readonly paging_token: string;
  readonly transaction_hash: string;
  readonly type: string;
  readonly accounts: readonly string[];
  readonly isPayment: boolean;
  readonly body: Record<string, unknown>;
}

export interface TransactionRecord {
  readonly hash: string;
  readonly ledger: number;
  readonly pagingToken: string;
  readonly createdAt: string;
  readonly source: string;
  readonly sequence: string;
  readonly fee: string;
  readonly memoType: string;
  readonly memo: string | undefined;
  readonly envelopeXdr: string;
  readonly resultXdr: string;
  readonly operations: readonly OperationRecord[];
}

export type SubmitOutcome =
  | { readonly ok: true; readonly record: TransactionRecord }
  | {
      readonly ok: false;
      readonly codes: { transaction: string; operations?: string[] };
      readonly resultXdr: string;
    };

// The ledger state a Horizon-compatible server needs: accounts with sequence numbers and
// balances, and every applied transaction with its operations. One ledger closes per
// transaction. Only what payments need is implemented: payments, same-asset path payments,
// account creation and trustlines; anything else fails as op_not_supported.
export class HorizonLedger extends EventEmitter<{ operation: [OperationRecord] }> {
  private readonly accounts = new Map<string, SandboxAccount>();
  private readonly transactions = new Map<string, TransactionRecord>();
  readonly operations: OperationRecord[] = [];
  private ledger = 1;

  constructor(
    readonly networkPassphrase: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
    this.setMaxListeners(0);
  }

  account(id: string): SandboxAccount | undefined {
    return this.accounts.get(id);
  }

  transaction(hash: string): TransactionRecord | undefined {
    return this.transactions.get(hash);
  }

  // Genesis: an account that exists without a creating transaction.
  createGenesisAccount(id: string, native: string): void {
    this.accounts.set(id, {
      sequence: BigInt(this.ledger) << 32n,
      native: toStroops(native),
      lines: new Map(),
    });
  }

  submit(envelopeXdr: string): SubmitOutcome {
    const transaction = new Transaction(envelopeXdr, this.networkPassphrase);
    const hash = transaction.hash().toString('hex');
    const known = this.transactions.get(hash);
    // Horizon answers a resubmitted, already applied transaction with its recorded result.
    if (known) return { ok: true, record: known };
    const source = this.accounts.get(transaction.source);
    if (!source) return rejected('tx_no_source_account');
    if (BigInt(transaction.sequence) !== source.sequence + 1n) return rejected('tx_bad_seq');
    const maxTime = Number(transaction.timeBounds?.maxTime ?? 0);
    if (maxTime > 0 && maxTime < this.now().getTime() / 1000) return rejected('tx_too_late');
    if (!this.signedByAll(transaction)) return rejected('tx_bad_auth');
    source.sequence += 1n;
    const staged = new Map([...this.accounts].map(([id, account]) => [id, cloneAccount(account)]));
    const outcomes = transaction.operations.map((operation) =>
      applyOperation(staged, operation, operation.source ?? transaction.source),
    );
    const failed = outcomes.some((outcome) => !outcome.ok);
    const resultXdr = transactionResult(transaction, outcomes, failed).toXDR('base64');
    if (failed)
      return {
        ok: false,
        resultXdr,
        codes: { transaction: 'tx_failed', operations: outcomes.map((outcome) => outcome.code) },
      };
    for (const [id, account] of staged) this.accounts.set(id, account);
    return { ok: true, record: this.record(transaction, hash, envelopeXdr, resultXdr) };
  }

  private signedByAll(transaction: Transaction): boolean {
    const signers = new Set([
      transaction.source,
      ...transaction.operations.flatMap((op) => (op.source ? [op.source] : [])),
    ]);
    const hash = transaction.hash();
    return [...signers].every((signer) => {
      const keypair = Keypair.fromPublicKey(signer);
      return transaction.signatures.some(
        (signature: xdr.DecoratedSignature) =>
          signature.hint().equals(keypair.signatureHint()) &&
          ed25519Verify(keypair.rawPublicKey(), hash, signature.signature()),
      );
    });
  }

  private record(
    transaction: Transaction,
    hash: string,
    envelopeXdr: string,
    resultXdr: string,
  ): TransactionRecord {
    this.ledger += 1;
    const base = BigInt(this.ledger) << 32n;
    const createdAt = this.now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
    const operations = transaction.operations.map((operation, index) =>
      operationRecord(operation, operation.source ?? transaction.source, {
        id: (base | (1n << 12n) | BigInt(index + 1)).toString(),
        hash,
        createdAt,
      }),
    );
    const memo = memoJson(transaction.memo);
    const record: TransactionRecord = {
      hash,
      ledger: this.ledger,
      pagingToken: (base | (1n << 12n)).toString(),
      createdAt,
      source: transaction.source,
      sequence: transaction.sequence,
      fee: transaction.fee,
      memoType: memo.type,
      memo: memo.value,
      envelopeXdr,
      resultXdr,
      operations,
    };
    this.transactions.set(hash, record);
    for (const operation of operations) {
      this.operations.push(operation);
      this.emit('operation', operation);
    }
    return record;
  }
}

function rejected(code: string): SubmitOutcome {
  return { ok: false, codes: { transaction: code }, resultXdr: operationFailure(code).toXDR('base64') };
}

function cloneAccount(account: SandboxAccount): SandboxAccount {
  return { sequence: account.sequence, native: account.native, lines: new Map(account.lines) };
}

function assetKey(asset: Asset): string | null {
  return asset.isNative() ? null : `${asset.getCode()}:${asset.getIssuer()}`;
}

// Moves `amount` of `asset` between staged accounts; the issuer of a credit asset mints and burns.
function move(
  staged: Map<string, SandboxAccount>,
  from: string,
  to: string,
  asset: Asset,
  amount: bigint,
): OperationOutcome {
  const sender = staged.get(from);
  const receiver = staged.get(to);
  if (!receiver) return { ok: false, code: 'op_no_destination' };
  if (!sender) return { ok: false, code: 'op_src_no_trust' };
  const key = assetKey(asset);
  if (amount <= 0n) return { ok: false, code: 'op_malformed' };
  if (key === null) {
    if (sender.native < amount) return { ok: false, code: 'op_underfunded' };
    sender.native -= amount;
    receiver.native += amount;
    return { ok: true, code: 'op_success' };
  }
  const issuer = asset.getIssuer();
  if (from !== issuer) {
    const balance = sender.lines.get(key);
    if (balance === undefined) return { ok: false, code: 'op_src_no_trust' };
    if (balance < amount) return { ok: false, code: 'op_underfunded' };
    sender.lines.set(key, balance - amount);
  }
  if (to !== issuer) {
    const balance = receiver.lines.get(key);
    if (balance === undefined) return { ok: false, code: 'op_no_trust' };
    receiver.lines.set(key, balance + amount);
  }
  return { ok: true, code: 'op_success' };
}

function applyOperation(
  staged: Map<string, SandboxAccount>,
  operation: Operation,
  source: string,
): OperationOutcome {
  switch (operation.type) {
    case 'payment':
      return move(staged, source, operation.destination, operation.asset, toStroops(operation.amount));
    case 'pathPaymentStrictReceive':
    case 'pathPaymentStrictSend': {
      const amount =
        operation.type === 'pathPaymentStrictReceive' ? operation.destAmount : operation.sendAmount;
      if (!operation.sendAsset.equals(operation.destAsset) || operation.path.length > 0)
        return { ok: false, code: 'op_too_few_offers' };
      return move(staged, source, operation.destination, operation.destAsset, toStroops(amount));
    }
    case 'createAccount': {
      if (staged.has(operation.destination)) return { ok: false, code: 'op_already_exists' };
      staged.set(operation.destination, { sequence: 0n, native: 0n, lines: new Map() });
      return move(
        staged,
        source,
        operation.destination,
        Asset.native(),
        toStroops(operation.startingBalance),
      );
    }
    case 'changeTrust': {
      const account = staged.get(source);
      const line = operation.line;
      if (!account || !(line instanceof Asset) || line.isNative()) return { ok: false, code: 'op_malformed' };
      const key = assetKey(line)!;
      if (toStroops(operation.limit) === 0n) account.lines.delete(key);
      else if (!account.lines.has(key)) account.lines.set(key, 0n);
      return { ok: true, code: 'op_success' };
    }
    default:
      return { ok: false, code: 'op_not_supported' };
  }
}

function memoJson(memo: Memo): { type: string; value: string | undefined } {
  switch (memo.type) {
    case 'none':
      return { type: 'none', value: undefined };
    case 'text':
      return {
        type: 'text',
        value: Buffer.isBuffer(memo.value) ? memo.value.toString('utf8') : String(memo.value),
      };
    case 'id':
      return { type: 'id', value: String(memo.value) };
    default:
      return { type: memo.type, value: Buffer.from(memo.value as Buffer).toString('base64') };
  }
}

function assetFields(asset: Asset, prefix = ''): Record<string, string> {
  if (asset.isNative()) return { [`${prefix}asset_type`]: 'native' };
  return {
    [`${prefix}asset_type`]: asset.getAssetType(),
    [`${prefix}asset_code`]: asset.getCode(),
    [`${prefix}asset_issuer`]: asset.getIssuer(),
  };
}

interface RecordMeta {
  readonly id: string;
  readonly hash: string;
  readonly createdAt: string;
}

// The operation as Horizon renders it (payments endpoint and operations endpoints).
function operationRecord(operation: Operation, source: string, meta: RecordMeta): OperationRecord {
  const common = {
    id: meta.id,
    paging_token: meta.id,
    transaction_successful: true,
    source_account: source,
    created_at: meta.createdAt,
    transaction_hash: meta.hash,
  };
  switch (operation.type) {
    case 'payment':
      return paymentRecord(meta, 'payment', 1, [source, operation.destination], {
        ...common,
        ...assetFields(operation.asset),
        from: source,
        to: operation.destination,
        amount: fromStroops(toStroops(operation.amount)),
      });
    case 'pathPaymentStrictReceive':
    case 'pathPaymentStrictSend': {
      const strictReceive = operation.type === 'pathPaymentStrictReceive';
      const amount = strictReceive ? operation.destAmount : operation.sendAmount;
      const type = strictReceive ? 'path_payment_strict_receive' : 'path_payment_strict_send';
      return paymentRecord(meta, type, strictReceive ? 2 : 13, [source, operation.destination], {
        ...common,
        ...assetFields(operation.destAsset),
        ...assetFields(operation.sendAsset, 'source_'),
        from: source,
        to: operation.destination,
        amount: fromStroops(toStroops(amount)),
        source_amount: fromStroops(toStroops(amount)),
        path: [],
      });
    }
    case 'createAccount':
      return paymentRecord(meta, 'create_account', 0, [source, operation.destination], {
        ...common,
        account: operation.destination,
        funder: source,
        starting_balance: fromStroops(toStroops(operation.startingBalance)),
      });
    default:
      return {
        id: meta.id,
        paging_token: meta.id,
        transaction_hash: meta.hash,
        type: operation.type,
        accounts: [source],
        isPayment: false,
        body: { ...common, type: operation.type },
      };
  }
}

function paymentRecord(
  meta: RecordMeta,
  type: string,
  typeI: number,
  accounts: string[],
  body: Record<string, unknown>,
): OperationRecord {
  return {
    id: meta.id,
    paging_token: meta.id,
    transaction_hash: meta.hash,
    type,
    accounts,
    isPayment: true,
    body: { ...body, type, type_i: typeI },
  };
}
