import { Asset, Horizon, Memo, Operation, TransactionBuilder, xdr } from '@stellar/stellar-sdk';
import { ed25519Sign } from '@shared/util';
import { SANDBOX_NETWORK_PASSPHRASE } from '../horizon/horizon.simulator.js';
import { customerRole, stellarSandboxKeypair } from '../sandbox-wallets.js';
import {
  depositAmount,
  type DepositOptions,
  type DepositReceipt,
  type DepositTarget,
} from './sandbox-deposit.js';

// A payment of the sandbox asset from the sandbox customer, with the transaction's memo.
export async function stellarDeposit(
  target: DepositTarget,
  options: DepositOptions,
): Promise<DepositReceipt> {
  const server = new Horizon.Server(target.rpcUrl!, { allowHttp: true });
  const customer = stellarSandboxKeypair(customerRole(options.customer ?? 0));
  const builder = new TransactionBuilder(await server.loadAccount(customer.publicKey()), {
    fee: '100',
    networkPassphrase: SANDBOX_NETWORK_PASSPHRASE,
  })
    .addOperation(
      Operation.payment({
        destination: target.depositAddress,
        asset: new Asset(target.cryptoCurrency, stellarSandboxKeypair('issuer').publicKey()),
        amount: depositAmount(target, options),
      }),
    )
    .setTimeout(60);
  if (target.memo && !options.withoutMemo) builder.addMemo(Memo.text(target.memo));
  const transaction = builder.build();
  // Signed natively (the SDK's sign is ed25519 in JavaScript; the signature is the same).
  transaction.addDecoratedSignature(
    new xdr.DecoratedSignature({
      hint: customer.signatureHint(),
      signature: ed25519Sign(customer.rawSecretKey(), customer.rawPublicKey(), transaction.hash()),
    }),
  );
  const { hash } = await server.submitTransaction(transaction);
  return { blockchain: 'STELLAR', onChainTx: hash };
}
