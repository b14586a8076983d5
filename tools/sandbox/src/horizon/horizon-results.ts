import { Keypair, xdr, type Operation, type Transaction } from '@stellar/stellar-sdk';
import { toStroops } from './horizon-amounts.js';

export interface OperationOutcome {
  readonly ok: boolean;
  // Horizon's result code: op_success, op_underfunded, op_no_trust, …
  readonly code: string;
}

const PAYMENT_RESULTS: Record<string, () => xdr.PaymentResult> = {
  op_success: () => xdr.PaymentResult.paymentSuccess(),
  op_malformed: () => xdr.PaymentResult.paymentMalformed(),
  op_underfunded: () => xdr.PaymentResult.paymentUnderfunded(),
  op_src_no_trust: () => xdr.PaymentResult.paymentSrcNoTrust(),
  op_no_destination: () => xdr.PaymentResult.paymentNoDestination(),
  op_no_trust: () => xdr.PaymentResult.paymentNoTrust(),
};

const TRANSACTION_RESULTS: Record<string, () => xdr.TransactionResultResult> = {
  tx_bad_seq: () => xdr.TransactionResultResult.txBadSeq(),
  tx_bad_auth: () => xdr.TransactionResultResult.txBadAuth(),
  tx_too_late: () => xdr.TransactionResultResult.txTooLate(),
  tx_no_source_account: () => xdr.TransactionResultResult.txNoAccount(),
};

// The XDR result Horizon returns as result_xdr (the SDK decodes it after every submit). Payments
// carry their own result codes; other operations report success or "not supported".
export function transactionResult(
  transaction: Transaction,
  outcomes: readonly OperationOutcome[],
  failed: boolean,
): xdr.TransactionResult {
  const results = transaction.operations.map((operation, i) => operationResult(operation, outcomes[i]!));
  const result = failed
    ? xdr.TransactionResultResult.txFailed(results)
    : xdr.TransactionResultResult.txSuccess(results);
  return envelope(BigInt(transaction.fee), result);
}

// A transaction refused before its operations ran.
export function operationFailure(code: string): xdr.TransactionResult {
  const result = (TRANSACTION_RESULTS[code] ?? (() => xdr.TransactionResultResult.txInternalError()))();
  return envelope(0n, result);
}

function envelope(fee: bigint, result: xdr.TransactionResultResult): xdr.TransactionResult {
  return new xdr.TransactionResult({
    feeCharged: xdr.Int64.fromString(fee.toString()),
    result,
    ext: new xdr.TransactionResultExt(0),
  });
}

function operationResult(operation: Operation, outcome: OperationOutcome): xdr.OperationResult {
  if (outcome.code === 'op_not_supported') return xdr.OperationResult.opNotSupported();
  switch (operation.type) {
    case 'payment': {
      const payment = (PAYMENT_RESULTS[outcome.code] ?? PAYMENT_RESULTS['op_malformed']!)();
      return xdr.OperationResult.opInner(xdr.OperationResultTr.payment(payment));
    }
    case 'createAccount':
      return xdr.OperationResult.opInner(
        xdr.OperationResultTr.createAccount(
          outcome.ok
            ? xdr.CreateAccountResult.createAccountSuccess()
            : xdr.CreateAccountResult.createAccountAlreadyExist(),
        ),
      );
    case 'changeTrust':
      return xdr.OperationResult.opInner(
        xdr.OperationResultTr.changeTrust(
          outcome.ok
            ? xdr.ChangeTrustResult.changeTrustSuccess()
            : xdr.ChangeTrustResult.changeTrustMalformed(),
        ),
      );
    case 'pathPaymentStrictReceive':
    case 'pathPaymentStrictSend':
      return pathPaymentResult(operation, outcome);
    default:
      return xdr.OperationResult.opNotSupported();
  }
}

const PATH_FAILURES = {
  op_underfunded: 'Underfunded',
  op_src_no_trust: 'SrcNoTrust',
  op_no_destination: 'NoDestination',
  op_no_trust: 'NoTrust',
  op_too_few_offers: 'TooFewOffers',
} as const;

function pathPaymentResult(
  operation: Operation.PathPaymentStrictReceive | Operation.PathPaymentStrictSend,
  outcome: OperationOutcome,
): xdr.OperationResult {
  const strictReceive = operation.type === 'pathPaymentStrictReceive';
  const amount = strictReceive ? operation.destAmount : operation.sendAmount;
  if (outcome.ok) {
    const success = {
      offers: [],
      last: new xdr.SimplePaymentResult({
        destination: Keypair.fromPublicKey(operation.destination).xdrAccountId(),
        asset: operation.destAsset.toXDRObject(),
        amount: xdr.Int64.fromString(toStroops(amount).toString()),
      }),
    };
    return xdr.OperationResult.opInner(
      strictReceive
        ? xdr.OperationResultTr.pathPaymentStrictReceive(
            xdr.PathPaymentStrictReceiveResult.pathPaymentStrictReceiveSuccess(
              new xdr.PathPaymentStrictReceiveResultSuccess(success),
            ),
          )
        : xdr.OperationResultTr.pathPaymentStrictSend(
            xdr.PathPaymentStrictSendResult.pathPaymentStrictSendSuccess(
              new xdr.PathPaymentStrictSendResultSuccess(success),
            ),
          ),
    );
  }
  const failure = PATH_FAILURES[outcome.code as keyof typeof PATH_FAILURES] ?? 'Malformed';
  return xdr.OperationResult.opInner(
    strictReceive
      ? xdr.OperationResultTr.pathPaymentStrictReceive(
          xdr.PathPaymentStrictReceiveResult[`pathPaymentStrictReceive${failure}`](),
        )
      : xdr.OperationResultTr.pathPaymentStrictSend(
          xdr.PathPaymentStrictSendResult[`pathPaymentStrictSend${failure}`](),
        ),
  );
}
