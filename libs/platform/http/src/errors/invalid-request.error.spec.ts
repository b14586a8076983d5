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
    expect(await reasonFor({ name: 'a\u0000b', count: 1 })).toBe(
      'name must be valid Unicode text without NUL characters',
    );
    expect(await reasonFor({ name: 'ok', count: 1, extra: [{ note: '\u0000' }] })).toBe(
      'extra.0.note must be valid Unicode text without NUL characters',
    );
  });

  it('refuses a lone surrogate (PostgreSQL json refuses its escape) but takes a paired one', async () => {
    expect(await reasonFor(JSON.parse('{"name":"\\ud800","count":1}') as object)).toBe(
      'name must be valid Unicode text without NUL characters',
    );
    expect(await reasonFor({ name: 'ok', count: 1, extra: { note: 'a\udc00' } })).toBe(
      'extra.note must be valid Unicode text without NUL characters',
    );
    expect(await strictValidationPipe().transform({ name: '😀', count: 1 }, metadata)).toEqual(
      Object.assign(new Sample(), { name: '😀', count: 1 }),
    );
  });

  it('refuses unstorable text in a property name, naming the object that holds it', async () => {
    expect(await reasonFor({ name: 'ok', count: 1, '\ud800': 1 })).toBe(
      'Property names in the request body must be valid Unicode text without NUL characters',
    );
    expect(await reasonFor({ name: 'ok', count: 1, extra: { 'a\u0000': 1 } })).toBe(
      'Property names in extra must be valid Unicode text without NUL characters',
    );
  });

  it.each(['constructor', '__proto__', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'])(
    'refuses the inherited name %s like any unknown property, nested too',
    async (name) => {
      const body = JSON.parse(`{"name":"ok","count":1,"${name}":{"prototype":{"x":1}}}`) as object;
      expect(await reasonFor(body)).toBe(`property ${name} should not exist`);
      const nested = JSON.parse(`{"name":"ok","count":1,"extra":{"${name}":{"x":1}}}`) as object;
      expect(await reasonFor(nested)).toBe(`property extra.${name} should not exist`);
    },
  );

  it("refuses JSON.parse's own __proto__ property without touching any prototype", async () => {
    const body = JSON.parse('{"name":"ok","count":1,"__proto__":{"polluted":true}}') as object;
    expect(await reasonFor(body)).toBe('property __proto__ should not exist');
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect((new Sample() as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('passes a valid body through as an instance', async () => {
    expect(await strictValidationPipe().transform({ name: 'ok', count: 2 }, metadata)).toBeInstanceOf(Sample);
  });
});
