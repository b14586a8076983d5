import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import {
  IsBoolean,
  IsDefined,
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

const CAP_AMOUNT = /^\d{1,18}(\.\d{1,2})?$/;
const capAmount = (example: string, description: string) =>
  applyDecorators(
    ApiProperty({
      type: String,
      nullable: true,
      pattern: CAP_AMOUNT.source,
      example,
      description: `${description}; null: uncapped`,
    }),
    IsDefined({ message: '$property is required (null for uncapped)' }),
    ValidateIf((_dto, value) => value !== null),
    Matches(CAP_AMOUNT, { message: '$property must be a decimal string with at most 2 decimals, or null' }),
  );

export class RailPathDto {
  @EnumField(PaymentMethod, PaymentMethod.BREB)
  paymentMethod!: PaymentMethod;

  @EnumField(TargetCurrency, TargetCurrency.COP)
  targetCurrency!: TargetCurrency;
}

// Every cap of the rail, in its currency. "Daily" is the calendar day in the rail's country
// (America/Bogota for BREB, America/Sao_Paulo for PIX).
export class SetRailCapsRequestDto {
  @capAmount('5000000', 'Most one payout may be, in the rail currency')
  perTransaction!: string | null;

  @capAmount('25000000', 'Most one end user (user_id of a partner) may be paid per day')
  perUserDailyAmount!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 15,
    minimum: 1,
    maximum: 100000,
    description: 'Most transactions one end user may accept per day; null: uncapped',
  })
  @IsDefined({ message: '$property is required (null for uncapped)' })
  @ValidateIf((_dto, value) => value !== null)
  @IsInt({ message: '$property must be an integer from 1 to 100000, or null' })
  @Min(1, { message: '$property must be an integer from 1 to 100000, or null' })
  @Max(100000, { message: '$property must be an integer from 1 to 100000, or null' })
  perUserDailyCount!: number | null;

  @capAmount('25000000', 'Most the rail may pay out per day across the platform')
  perPaymentMethodDailyAmount!: string | null;
}
