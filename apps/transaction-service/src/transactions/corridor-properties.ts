import { ApiProperty } from '@nestjs/swagger';
import { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';

// The enum of each field that names a corridor, under the names the DTOs give it.
const CORRIDOR_ENUMS = {
  blockchain: Blockchain,
  network: Blockchain,
  cryptoCurrency: CryptoCurrency,
  paymentMethod: PaymentMethod,
  targetCurrency: TargetCurrency,
} as const;

// Documents a run of corridor fields, in the order given, where the decorated field (the first of
// them) stands in its DTO: the schema an `@ApiProperty({ enum })` on each of them would give.
export function CorridorProperties(...fields: ReadonlyArray<keyof typeof CORRIDOR_ENUMS>): PropertyDecorator {
  return (target) => {
    for (const field of fields) ApiProperty({ enum: CORRIDOR_ENUMS[field] })(target, field);
  };
}
