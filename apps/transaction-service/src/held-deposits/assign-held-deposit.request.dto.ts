import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsUUID } from 'class-validator';

// Stacked decorators apply bottom-up: IsDefined is checked, and reported, first.
export class AssignHeldDepositRequestDto {
  @ApiProperty({
    format: 'uuid',
    description: "The transaction it pays, any partner's, of the deposit's chain and token",
  })
  @IsUUID('all', { message: '$property must be a UUID' })
  @IsDefined({ message: '$property is required' })
  transaction_id!: string;
}
