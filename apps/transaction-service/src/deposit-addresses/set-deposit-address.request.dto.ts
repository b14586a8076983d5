import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsEnum, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Blockchain } from '@shared/contracts';

export class SetDepositAddressRequestDto {
  @ApiProperty({ enum: Blockchain, example: Blockchain.STELLAR })
  @IsEnum(Blockchain)
  @IsDefined({ message: '$property is required' })
  blockchain!: Blockchain;

  @ApiProperty({ example: 'GDQJUTQYK2MQX2VGDR2FYWLIYAQIEGXTQVTFEMGH2BEWFG4BRUY4CKI7' })
  @MaxLength(120)
  @IsNotEmpty({ message: '$property must not be empty' })
  @IsString()
  @IsDefined({ message: '$property is required' })
  address!: string;
}
