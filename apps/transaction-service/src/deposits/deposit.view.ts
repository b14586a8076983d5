import { decimal } from '@payout/money';
import type { DepositEntity } from './deposit.entity.js';

// A deposit as operations see it: in the unmatched list, and in the answer of an operator's
// refund or assignment of a held transfer.
export function depositView(deposit: DepositEntity) {
  return {
    id: deposit.id,
    blockchain: deposit.blockchain,
    on_chain_tx: deposit.onChainTx,
    transferIndex: deposit.transferIndex,
    cryptoCurrency: deposit.cryptoCurrency,
    asset: deposit.asset,
    depositAddress: deposit.depositAddress,
    sender: deposit.sender,
    // The column's scale pads with zeros; the amount is shown as the chain moved it.
    amount: decimal(deposit.amount).toFixed(),
    memo: deposit.memo,
    reason: deposit.note,
    source: deposit.source,
    confirmedAt: deposit.confirmedAt.toISOString(),
    recordedAt: deposit.recordedAt.toISOString(),
  };
}
