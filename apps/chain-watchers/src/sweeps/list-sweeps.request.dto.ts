import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn } from 'class-validator';
import { Blockchain } from '@shared/contracts';

export class ListSweepsRequestDto {
  @ApiProperty({ enum: [Blockchain.SOLANA, Blockchain.CELO] })
  @IsIn([Blockchain.SOLANA, Blockchain.CELO], { message: '$property must be SOLANA or CELO' })
  @IsDefined({ message: '$property is required' })
  blockchain!: Blockchain;
}
