import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsEnum, IsNumber, IsPositive } from 'class-validator';

// The field stacks every quote request shares, composed once.
export const EnumField = (values: object, example: string) =>
  applyDecorators(
    ApiProperty({ enum: values, example }),
    IsDefined({ message: '$property is required' }),
    IsEnum(values),
  );

export const AmountField = (description: string, maxDecimalPlaces: number, example: number) =>
  applyDecorators(
    ApiProperty({ type: Number, description, example }),
    IsDefined({ message: '$property is required' }),
    IsNumber(
      { allowNaN: false, allowInfinity: false, maxDecimalPlaces },
      { message: `$property must be a number with at most ${maxDecimalPlaces} decimals` },
    ),
    IsPositive(),
  );
