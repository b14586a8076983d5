import { ApiProperty } from '@nestjs/swagger';
import { PageResponseDto } from '@platform/http';
import { Blockchain, CryptoCurrency } from '@shared/contracts';

// One deposit as operations see it (depositView).
export class UnmatchedDepositDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty()
  on_chain_tx!: string;

  @ApiProperty({ description: 'Which transfer of the on-chain transaction' })
  transferIndex!: number;

  @ApiProperty({ enum: CryptoCurrency })
  cryptoCurrency!: CryptoCurrency;

  @ApiProperty({ description: 'The token as the chain names it (mint, contract or code:issuer)' })
  asset!: string;

  @ApiProperty()
  depositAddress!: string;

  @ApiProperty()
  sender!: string;

  @ApiProperty({ example: '100.5', description: 'Whole tokens as the chain moved them, a decimal string' })
  amount!: string;

  @ApiProperty({ type: String, nullable: true })
  memo!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'The memo NOT-A-REFERENCE matches no transaction',
    description: 'Why it could not be matched',
  })
  reason!: string | null;

  @ApiProperty({
    enum: ['STREAM', 'NOTIFY', 'RECONCILE', 'OPERATOR'],
    description: 'Who recorded its outcome: who reported the transfer, or who matched it later',
  })
  source!: string;

  @ApiProperty({ format: 'date-time' })
  confirmedAt!: string;

  @ApiProperty({ format: 'date-time' })
  recordedAt!: string;
}

export class UnmatchedDepositsResponseDto extends PageResponseDto {
  @ApiProperty({ type: [UnmatchedDepositDto], description: 'Newest first' })
  deposits!: UnmatchedDepositDto[];
}
