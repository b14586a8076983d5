import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsEnum } from 'class-validator';

// A required enum field of a request body (a quote's route, a corridor operator's form),
// composed once.
export const EnumField = (values: object, example: string) =>
  applyDecorators(
    ApiProperty({ enum: values, example }),
    IsDefined({ message: '$property is required' }),
    IsEnum(values),
  );
