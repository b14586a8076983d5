import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn, IsNotEmpty, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { NOTIFIED_CHAINS, NOTIFIED_TRANSFER_ID } from '@payout/rails';
import type { Blockchain } from '@shared/contracts';

// The chains whose wallets report their transfers (the others' deposits are found by watching).
const NOTIFIED_BLOCKCHAINS = NOTIFIED_CHAINS.map((rail) => rail.blockchain);

// The legacy per-chain routes: the blockchain is implied by the path. Stacked decorators apply
// bottom-up: IsDefined is checked, and reported, first.
export class LegacyNotifyPaymentRequestDto {
  @ApiProperty({ description: 'Celo transaction hash or Solana signature', maxLength: 128 })
  @Matches(NOTIFIED_TRANSFER_ID, {
    message:
      '$property must be a Celo transaction hash (0x and 64 hex digits) or a Solana signature (base58)',
  })
  @MaxLength(128, { message: '$property must be at most 128 characters' })
  @IsNotEmpty({ message: '$property must not be empty' })
  @IsString({ message: '$property must be a string' })
  @IsDefined({ message: '$property is required' })
  on_chain_tx!: string;

  @ApiProperty({ format: 'uuid', description: 'The transaction the transfer pays' })
  @IsUUID('all', { message: '$property must be a UUID' })
  @IsDefined({ message: '$property is required' })
  transaction_id!: string;
}

export class NotifyPaymentRequestDto extends LegacyNotifyPaymentRequestDto {
  @ApiProperty({ enum: NOTIFIED_BLOCKCHAINS })
  @IsIn(NOTIFIED_BLOCKCHAINS, {
    message: 'blockchain must be SOLANA or CELO; Stellar deposits are detected automatically',
  })
  @IsDefined({ message: '$property is required' })
  blockchain!: Blockchain;
}
