import { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';
import { EnumField } from '../core/http/enum.field.js';
import { AmountField } from './amount.field.js';

export class QuoteRequestDto {
  @AmountField('Fiat amount the recipient should receive', 2, 400000)
  amount!: number;

  @EnumField(CryptoCurrency, CryptoCurrency.USDC)
  crypto_currency!: CryptoCurrency;

  @EnumField(Blockchain, Blockchain.STELLAR)
  network!: Blockchain;

  @EnumField(PaymentMethod, PaymentMethod.BREB)
  payment_method!: PaymentMethod;

  @EnumField(TargetCurrency, TargetCurrency.COP)
  target_currency!: TargetCurrency;
}
