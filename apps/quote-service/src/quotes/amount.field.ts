import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNumber, IsPositive, ValidateBy } from 'class-validator';
import { decimalPlacesOf } from '@payout/money';

// The amount field every quote request has, its stack composed once.
export const AmountField = (description: string, maxDecimalPlaces: number, example: number) => {
  const message = `$property must be a number with at most ${maxDecimalPlaces} decimals`;
  return applyDecorators(
    ApiProperty({ type: Number, description, example }),
    IsDefined({ message: '$property is required' }),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message }),
    AtMostDecimals(maxDecimalPlaces, message),
    IsPositive(),
  );
};

// class-validator's own maxDecimalPlaces reads the decimals off toString() and throws on the
// exponent form of tiny numbers (5e-324 was a 500): counted here as decimal() reads the number.
const AtMostDecimals = (places: number, message: string) =>
  ValidateBy(
    {
      name: 'maxDecimalPlaces',
      constraints: [places],
      validator: {
        validate: (value) =>
          typeof value !== 'number' || !Number.isFinite(value) || decimalPlacesOf(value) <= places,
      },
    },
    { message },
  );
