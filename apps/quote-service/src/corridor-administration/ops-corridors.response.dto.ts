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

export class RailCapsResponseDto {
  @ApiProperty({ enum: PaymentMethod })
  paymentMethod!: PaymentMethod;

  @ApiProperty({ enum: TargetCurrency })
  targetCurrency!: TargetCurrency;

  @ApiProperty({
    example: 'America/Bogota',
    description: "The IANA zone whose calendar day is the caps' day (the rail's country)",
  })
  timeZone!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '5000000',
    description: 'Per payout; null: uncapped',
  })
  perTransaction!: string | null;

  @ApiProperty({ type: String, nullable: true, example: '25000000', description: 'Per end user per day' })
  perUserDailyAmount!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 15,
    description: 'Transactions per end user per day',
  })
  perUserDailyCount!: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '25000000',
    description: 'Per payment method per day, across the platform',
  })
  perPaymentMethodDailyAmount!: string | null;
}

export class RailCapsListResponseDto {
  @ApiProperty({ type: [RailCapsResponseDto] })
  caps!: RailCapsResponseDto[];
}
