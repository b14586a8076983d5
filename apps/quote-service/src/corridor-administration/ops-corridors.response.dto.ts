import { ApiProperty } from '@nestjs/swagger';
import { Blockchain, CryptoCurrency, FlowDirection, PaymentMethod, TargetCurrency } from '@shared/contracts';

// What the corridor operations routes answer, as documented (their caller is the operator CLI,
// but the reference describes every answer): the catalogue's rows as stored.

class CorridorRouteDto {
  @ApiProperty({ enum: CryptoCurrency })
  cryptoCurrency!: CryptoCurrency;

  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty({ enum: PaymentMethod })
  paymentMethod!: PaymentMethod;

  @ApiProperty({ enum: TargetCurrency })
  targetCurrency!: TargetCurrency;
}

export class CorridorFlowResponseDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: FlowDirection })
  direction!: FlowDirection;

  @ApiProperty({ type: CorridorRouteDto })
  route!: CorridorRouteDto;

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty({ minimum: 0, maximum: 9999 })
  feeBasisPoints!: number;

  @ApiProperty({ example: '0.100000', description: 'In the crypto asset, a decimal string' })
  feeFixed!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '20000.00',
    description: 'In the fiat currency, a decimal string; null when unbounded',
  })
  minAmount!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '20000000.00',
    description: 'In the fiat currency, a decimal string; null when unbounded',
  })
  maxAmount!: string | null;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class CorridorAssetResponseDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: CryptoCurrency })
  cryptoCurrency!: CryptoCurrency;

  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty({
    example: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    description: 'Mint (Solana), contract (Celo) or issuer (Stellar)',
  })
  mintAddress!: string;

  @ApiProperty({ example: 6 })
  decimals!: number;

  @ApiProperty({ description: 'Only one active mint per asset and chain' })
  active!: boolean;
}

export class UnsupportedRouteResponseDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: CorridorRouteDto })
  route!: CorridorRouteDto;

  @ApiProperty({ example: 'Rail partner maintenance' })
  reason!: string;
}

export class CorridorSnapshotResponseDto {
  @ApiProperty({ type: [CorridorFlowResponseDto], description: 'Every flow, enabled or not' })
  flows!: CorridorFlowResponseDto[];

  @ApiProperty({ type: [CorridorAssetResponseDto], description: 'Every mint, active or not' })
  assets!: CorridorAssetResponseDto[];

  @ApiProperty({ type: [UnsupportedRouteResponseDto] })
  unsupported!: UnsupportedRouteResponseDto[];
}
