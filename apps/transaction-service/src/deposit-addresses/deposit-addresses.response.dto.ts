import { ApiProperty } from '@nestjs/swagger';
import { Blockchain } from '@shared/contracts';

export class DepositAddressResponseDto {
  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty({ example: 'GDQJUTQYK2MQX2VGDR2FYWLIYAQIEGXTQVTFEMGH2BEWFG4BRUY4CKI7' })
  address!: string;

  @ApiProperty({ description: 'One active address per chain' })
  active!: boolean;

  @ApiProperty({ format: 'date-time' })
  activatedAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null while active' })
  retiredAt!: string | null;
}

export class DepositAddressesResponseDto {
  @ApiProperty({
    type: [DepositAddressResponseDto],
    description: 'By chain, newest first: retired addresses too',
  })
  addresses!: DepositAddressResponseDto[];
}
