import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import {
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';
import { EnumField } from '../core/http/enum.field.js';

const DECIMAL = /^\d{1,14}(\.\d{1,6})?$/;

export class UpdateFlowRequestDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  @ApiPropertyOptional({ minimum: 0, maximum: 9999 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(9999)
  feeBasisPoints?: number;

  @ApiPropertyOptional({ example: '0.10', description: 'In the crypto asset' })
  @IsOptional()
  @Matches(DECIMAL, { message: 'feeFixed must be a decimal string' })
  feeFixed?: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: '20000' })
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @Matches(DECIMAL, { message: 'minAmount must be a decimal string or null' })
  minAmount?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '20000000' })
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @Matches(DECIMAL, { message: 'maxAmount must be a decimal string or null' })
  maxAmount?: string | null;
}

export class ActivateAssetRequestDto {
  @EnumField(CryptoCurrency, CryptoCurrency.USDC)
  cryptoCurrency!: CryptoCurrency;

  @EnumField(Blockchain, Blockchain.SOLANA)
  blockchain!: Blockchain;

  @ApiProperty({ example: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(120)
  mintAddress!: string;

  @ApiProperty({ example: 6 })
  @IsInt()
  @Min(0)
  @Max(18)
  decimals!: number;
}

export class MarkUnsupportedRequestDto {
  @EnumField(CryptoCurrency, CryptoCurrency.USDC)
  cryptoCurrency!: CryptoCurrency;

  @EnumField(Blockchain, Blockchain.SOLANA)
  blockchain!: Blockchain;

  @EnumField(PaymentMethod, PaymentMethod.PIX)
  paymentMethod!: PaymentMethod;

  @EnumField(TargetCurrency, TargetCurrency.BRL)
  targetCurrency!: TargetCurrency;

  @ApiProperty({ example: 'Rail partner maintenance' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(300)
  reason!: string;
}
