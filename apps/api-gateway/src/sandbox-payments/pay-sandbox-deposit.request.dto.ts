import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

export class PaySandboxDepositRequestDto {
  @ApiPropertyOptional({
    default: false,
    description:
      'Pay even though the quote expired (while the transaction still awaits its deposit), to test ' +
      'the refund of a late deposit: it is then refunded as expired. Without it, such a payment is ' +
      'refused with 409 `quote_expired`.',
  })
  @IsOptional()
  @IsBoolean()
  late?: boolean;
}
