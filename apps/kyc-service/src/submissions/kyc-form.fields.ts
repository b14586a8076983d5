import { applyDecorators } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsDefined,
  IsEmail,
  IsEnum,
  IsNotEmpty,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import { isCalendarDate } from '@shared/util';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

// What String.prototype.trim removes, spelled out: a schema's `\s` means other characters to
// other tools (Python's, which contract testers use, leaves U+FEFF out and adds U+001C–U+001F).
const TRIMMED = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
// The schema's form of "must not be empty" once trimmed (at least one character trim keeps), and
// of the strict pipe's refusal of NUL, which a string with a pattern of its own must state itself.
export const NOT_BLANK = `^[^\\x00]*[^\\x00${TRIMMED}][^\\x00]*$`;

// `IsDefined` comes first in every stack: a missing field is reported as missing, not as
// whatever other check it also fails.
const required = (api: ApiPropertyOptions, ...checks: PropertyDecorator[]) =>
  applyDecorators(
    ApiProperty(api),
    Transform(trim),
    IsDefined({ message: '$property is required' }),
    ...checks,
  );

// A required text field: trimmed, non-empty, bounded.
export const TextField = (
  maxLength: number,
  description: string,
  example: string,
  ...checks: PropertyDecorator[]
) =>
  required(
    { type: String, description, example, maxLength, pattern: NOT_BLANK },
    IsString(),
    IsNotEmpty({ message: '$property must not be empty' }),
    MaxLength(maxLength, { message: `$property must be at most ${maxLength} characters` }),
    ...checks,
  );

export const USER_ID_MAX_LENGTH = 128;

export const UserIdField = () =>
  TextField(USER_ID_MAX_LENGTH, "The partner's user id (a wallet address for Bearer callers)", 'user-42');

export const EmailField = () =>
  TextField(
    254,
    'E-mail address',
    'ana@example.com',
    IsEmail({}, { message: 'email must be a valid e-mail address' }),
  );

export const EnumField = (values: Record<string, string>, example: string) =>
  required({ enum: values, example }, IsEnum(values));

const DATE_FORMAT = '$property must be a date formatted YYYY-MM-DD (ISO 8601)';

// A calendar date, optionally with a time (as JavaScript's toISOString writes it). The date must
// exist (no 1990-02-30; any year from 0000, which validator's strict ISO check refuses before
// 100); the pattern refuses week and ordinal forms, whose first ten characters are not the date.
export const DateField = (description: string, example: string) =>
  required(
    { type: String, format: 'date', description, example },
    ValidateBy(
      {
        name: 'isCalendarDate',
        validator: { validate: (value) => typeof value === 'string' && isCalendarDate(value) },
      },
      { message: DATE_FORMAT },
    ),
    Matches(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, {
      message: DATE_FORMAT,
    }),
  );
