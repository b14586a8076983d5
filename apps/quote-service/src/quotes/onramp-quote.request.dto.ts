import { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';
import { EnumField } from '../core/http/enum.field.js';
import { AmountField } from './amount.field.js';

export class OnrampQuoteRequestDto {
  @AmountField('Local currency the user pays', 2, 500)
  fiat_amount!: number;

  @EnumField(TargetCurrency, TargetCurrency.BRL)
  target_currency!: TargetCurrency;

  @EnumField(CryptoCurrency, CryptoCurrency.USDC)
  crypto_currency!: CryptoCurrency;

  @EnumField(Blockchain, Blockchain.STELLAR)
  network!: Blockchain;

  @EnumField(PaymentMethod, PaymentMethod.PIX)
  payment_method!: PaymentMethod;
}
