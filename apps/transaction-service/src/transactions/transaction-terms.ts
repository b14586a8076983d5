import { ApiProperty } from '@nestjs/swagger';
import { decimal } from '@payout/money';
import { chainRail } from '@payout/rails';
import { CryptoCurrency, TargetCurrency } from '@shared/contracts';
import { memoOf } from './payment-context.js';
import type { TransactionEntity } from './transaction.entity.js';

const exactOrNull = (amount: string | null) => (amount === null ? null : decimal(amount).toFixed());

// What was agreed when the quote was accepted, and how to pay it: what support is asked about a
// transaction. Amounts are exact decimal strings.
export class TransactionTermsDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: '5420.5',
    description: 'Fiat per unit of crypto; null for transactions accepted before it was kept',
  })
  rate!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '1.02',
    description: 'The fee, in the crypto currency and included in amountToSend; null as rate',
  })
  fee!: string | null;

  @ApiProperty({ example: '101.02', description: 'Crypto to deposit, fee included' })
  amountToSend!: string;

  @ApiProperty({ enum: CryptoCurrency })
  cryptoCurrency!: CryptoCurrency;

  @ApiProperty({ example: '400000', description: 'Fiat the recipient receives' })
  recipientAmount!: string;

  @ApiProperty({ enum: TargetCurrency })
  targetCurrency!: TargetCurrency;

  @ApiProperty({ description: 'Where the deposit goes' })
  depositAddress!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The memo the deposit must carry (memo-bound chains: Stellar); null elsewhere',
  })
  memo!: string | null;

  @ApiProperty({ format: 'date-time', description: 'The deposit must arrive before this (the quote expiry)' })
  payBefore!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example:
      'web+stellar:pay?destination=GA…&amount=101.02&asset_code=USDC&asset_issuer=GA…&memo=…&memo_type=MEMO_TEXT',
    description:
      "The chain's payment request for this deposit, for a wallet to open or scan: SEP-7 (Stellar), Solana Pay (Solana), EIP-681 (Celo); null where the format cannot carry the amount",
  })
  paymentUri!: string | null;
}

export function transactionTermsOf(transaction: TransactionEntity): TransactionTermsDto {
  return {
    rate: exactOrNull(transaction.rate),
    fee: exactOrNull(transaction.feeAmount),
    amountToSend: decimal(transaction.sourceAmount).toFixed(),
    cryptoCurrency: transaction.cryptoCurrency,
    recipientAmount: decimal(transaction.targetAmount).toFixed(),
    targetCurrency: transaction.targetCurrency,
    depositAddress: transaction.depositAddress,
    memo: memoOf(transaction),
    payBefore: transaction.quoteExpiresAt.toISOString(),
    paymentUri: chainRail(transaction.blockchain).paymentUri({
      destination: transaction.depositAddress,
      amount: decimal(transaction.sourceAmount).toFixed(),
      assetCode: transaction.cryptoCurrency,
      tokenId: transaction.mintAddress,
      decimals: transaction.decimals,
      memo: memoOf(transaction),
    }),
  };
}
