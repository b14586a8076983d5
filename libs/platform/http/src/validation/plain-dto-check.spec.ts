import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { plainToInstance, Type } from 'class-transformer';
import {
  IsDefined,
  IsEnum,
  IsInt,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  MaxLength,
  validate,
} from 'class-validator';
import { plainDtoCheckOf } from './plain-dto-check.js';

enum Colour {
  RED = 'RED',
  BLUE = 'BLUE',
}

class Plain {
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsPositive()
  amount!: number;

  @IsDefined()
  @IsEnum(Colour)
  colour!: Colour;

  @IsString()
  @MaxLength(5)
  name!: string;
}

class Converted {
  @Type(() => Number)
  @IsInt()
  count!: number;
}

class Optional {
  @IsOptional()
  @IsString()
  note?: string;
}

class Unruled {
  @IsString()
  name!: string;

  free = 'x';
}

describe(plainDtoCheckOf.name, () => {
  const check = plainDtoCheckOf(Plain)!;

  it('takes a valid body as the instance the full pipe would build', async () => {
    const body = { amount: 12.5, colour: 'RED', name: 'ab' };
    const taken = check.instanceOf(body);
    expect(taken).toBeInstanceOf(Plain);
    expect(taken).toEqual(plainToInstance(Plain, body));
    expect(await validate(taken!, { whitelist: true, forbidNonWhitelisted: true })).toEqual([]);
  });

  it.each([
    ['a missing field', { amount: 1, colour: 'RED' }],
    ['a wrong type', { amount: '1', colour: 'RED', name: 'ab' }],
    ['a failed rule', { amount: -1, colour: 'RED', name: 'ab' }],
    ['a value outside the enum', { amount: 1, colour: 'GREEN', name: 'ab' }],
    ['a field too long', { amount: 1, colour: 'RED', name: 'abcdef' }],
    ['an unknown field', { amount: 1, colour: 'RED', name: 'ab', extra: 1 }],
    ['an object value', { amount: 1, colour: 'RED', name: { toString: 'ab' } }],
    ['an array body', [1]],
    ['no body', null],
  ])('leaves %s to the full pipe', (_, body) => {
    expect(check.instanceOf(body)).toBeNull();
  });

  it('stands in for no DTO that class-transformer converts, with optional fields or unruled ones', () => {
    expect(plainDtoCheckOf(Converted)).toBeNull();
    expect(plainDtoCheckOf(Optional)).toBeNull();
    expect(plainDtoCheckOf(Unruled)).toBeNull();
  });
});
