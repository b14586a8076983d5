import { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';
import { EnumField } from '../core/http/enum.field.js';
import { AmountField } from './amount.field.js';

export class ReverseQuoteRequestDto {
  @AmountField('Crypto amount the user sends', 6, 100)
  source_amount!: number;

  @EnumField(CryptoCurrency, CryptoCurrency.USDC)
  crypto_currency!: CryptoCurrency;

  @EnumField(Blockchain, Blockchain.SOLANA)
  network!: Blockchain;

  @EnumField(PaymentMethod, PaymentMethod.PIX)
  payment_method!: PaymentMethod;

  @EnumField(TargetCurrency, TargetCurrency.BRL)
  target_currency!: TargetCurrency;
}
