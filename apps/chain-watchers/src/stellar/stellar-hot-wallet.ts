import { Injectable } from '@nestjs/common';
import { Asset, Keypair, Operation, StrKey, TransactionBuilder } from '@stellar/stellar-sdk';
import type { ActiveAssetView } from '@shared/contracts';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import type { HotWallet, SignedRefund } from '../core/chains/chain-adapter.js';
import { RefundRefusedError } from '../core/chains/refund-refused.error.js';
import { StellarHorizon } from './stellar-horizon.js';

const STELLAR_AMOUNT = /^\d{1,12}(\.\d{1,7})?$/;

// The Stellar hot wallet (STELLAR_REFUND_SECRET): it sends refunds as a payment with time bounds
// (REFUND_VALIDITY_S), after which a lost one can be signed anew.
@Injectable()
export class StellarHotWallet implements HotWallet {
  readonly address: string | null;
  readonly missingKey: string | null;
  private readonly keypair: Keypair | null;

  constructor(
    private readonly config: ChainWatchersConfig,
    private readonly horizon: StellarHorizon,
  ) {
    this.keypair = config.STELLAR_REFUND_SECRET ? Keypair.fromSecret(config.STELLAR_REFUND_SECRET) : null;
    this.address = this.keypair?.publicKey() ?? null;
    this.missingKey = this.keypair ? null : 'STELLAR_REFUND_SECRET';
  }

  async signTransfer(
    transfer: { readonly destination: string; readonly amount: string },
    asset: ActiveAssetView,
  ): Promise<SignedRefund> {
    if (!StrKey.isValidEd25519PublicKey(transfer.destination))
      throw new RefundRefusedError('invalid destination');
    if (!STELLAR_AMOUNT.test(transfer.amount))
      throw new RefundRefusedError('amount has more than 7 decimals');
    const account = await this.horizon.server.loadAccount(this.keypair!.publicKey());
    const transaction = new TransactionBuilder(account, {
      fee: '1000',
      networkPassphrase: this.config.STELLAR_NETWORK_PASSPHRASE,
    })
      .addOperation(
        Operation.payment({
          destination: transfer.destination,
          asset: new Asset(asset.cryptoCurrency, asset.mintAddress),
          amount: transfer.amount,
        }),
      )
      .setTimeout(this.config.REFUND_VALIDITY_S)
      .build();
    transaction.sign(this.keypair!);
    return {
      payload: transaction.toXDR(),
      hash: transaction.hash().toString('hex'),
      validUntil: new Date(Number(transaction.timeBounds!.maxTime) * 1000),
    };
  }
}
