import { describe, expect, it } from '@jest/globals';
import { IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { InvalidRequestError, MAX_REQUEST_DEPTH, strictValidationPipe } from './invalid-request.error.js';

class Sample {
  @IsString()
  @IsNotEmpty()
  @MaxLength(5)
  name!: string;

  @IsInt()
  @Min(1)
  count!: number;
}

const metadata = { type: 'body', metatype: Sample } as const;

async function reasonFor(body: object): Promise<string> {
  try {
    await strictValidationPipe().transform(body, metadata);
  } catch (error) {
    if (error instanceof InvalidRequestError) return error.reason;
    throw error;
  }
  throw new Error('expected an InvalidRequestError');
}

describe(strictValidationPipe.name, () => {
  it('reports a wrong type rather than the length check it also fails', async () => {
    expect(await reasonFor({ name: 5, count: 1 })).toBe('name must be a string');
  });

  it('reports unknown fields', async () => {
    expect(await reasonFor({ name: 'ok', count: 1, extra: true })).toBe('property extra should not exist');
  });

  it('does not coerce strings into numbers', async () => {
    expect(await reasonFor({ name: 'ok', count: '3' })).toBe('count must be an integer number');
  });

  it('refuses a body nested deeper than the limit before walking it', async () => {
    const nested = (levels: number): object => {
      let value: object = {};
      for (let level = 1; level < levels; level++) value = { name: value };
      return value;
    };
    expect(await reasonFor(nested(100_000))).toBe(
      `Request body is nested too deeply (at most ${MAX_REQUEST_DEPTH} levels)`,
    );
    expect(await reasonFor(nested(MAX_REQUEST_DEPTH))).toBe('name must be a string');
  });

  it('refuses a NUL character anywhere, naming where it sits (PostgreSQL text cannot hold one)', async () => {
    expect(await reasonFor({ name: 'a\u0000b', count: 1 })).toBe('name must not contain NUL characters');
    expect(await reasonFor({ name: 'ok', count: 1, extra: [{ note: '\u0000' }] })).toBe(
      'extra.0.note must not contain NUL characters',
    );
  });

  it('passes a valid body through as an instance', async () => {
    expect(await strictValidationPipe().transform({ name: 'ok', count: 2 }, metadata)).toBeInstanceOf(Sample);
  });
});
