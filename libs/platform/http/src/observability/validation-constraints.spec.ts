import { describe, expect, it } from '@jest/globals';
import { ApiProperty, ApiPropertyOptional, DECORATORS, type OpenAPIObject } from '@nestjs/swagger';
import {
  Allow,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsPositive,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
} from 'class-validator';
import {
  closeRequestBodies,
  documentInputRefusals,
  documentValidationConstraints,
} from './validation-constraints.js';

class SampleRequest {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  @MaxLength(8)
  name!: string;

  @ApiProperty()
  @IsInt()
  @Min(1)
  count!: number;

  @ApiProperty()
  @IsPositive()
  amount!: number;

  @ApiProperty()
  @IsString()
  @Matches(/^0x[0-9a-f]+$/)
  hash!: string;

  @ApiProperty()
  @Matches(/^abc$/i)
  caseless!: string;

  @ApiProperty()
  @IsUUID('all')
  id!: string;

  @ApiProperty()
  @IsEmail()
  email!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsIn(['a', 'b'])
  choice?: string;

  @Allow()
  undocumented?: unknown;
}

const documented = (property: string) =>
  Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, SampleRequest.prototype, property) as Record<
    string,
    unknown
  >;

describe(documentValidationConstraints.name, () => {
  documentValidationConstraints();

  it('documents what the validators check', () => {
    expect(documented('name')).toMatchObject({ minLength: 1, maxLength: 8, pattern: '^[^\\x00]*$' });
    expect(documented('count')).toMatchObject({ type: 'integer', minimum: 1 });
    expect(documented('amount')).toMatchObject({ minimum: 0, exclusiveMinimum: true });
    // Its own pattern, whichever rule came first, already excludes a NUL.
    expect(documented('hash')).toMatchObject({ pattern: '^0x[0-9a-f]+$' });
    expect(documented('id')).toMatchObject({ format: 'uuid', pattern: expect.any(String) });
    expect(documented('email')).toMatchObject({ format: 'email' });
    expect(documented('choice')).toMatchObject({ enum: ['a', 'b'], nullable: true });
  });

  it('leaves out what OpenAPI cannot say and what is not documented', () => {
    expect(documented('caseless')).not.toHaveProperty('pattern');
    expect(documented('undocumented')).toBeUndefined();
  });
});

describe(closeRequestBodies.name, () => {
  it('closes request bodies and what they nest, lets a nullable enum take null, and no query param', () => {
    const document = {
      paths: {
        '/things': {
          post: {
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
            parameters: [{ in: 'query', name: 'page', schema: { type: 'integer', nullable: true } }],
            responses: {},
          },
        },
      },
      components: {
        schemas: {
          Thing: {
            type: 'object',
            properties: {
              part: { $ref: '#/components/schemas/Part' },
              kind: { type: 'string', enum: ['a'], nullable: true },
            },
          },
          Part: { type: 'object', properties: { name: { type: 'string' } } },
          Answer: { type: 'object', properties: { id: { type: 'string' } } },
        },
      },
    } as unknown as OpenAPIObject;

    closeRequestBodies(document);

    const schemas = document.components!.schemas as Record<string, Record<string, unknown>>;
    expect(schemas['Thing']).toMatchObject({
      additionalProperties: false,
      properties: { kind: { enum: ['a', null] } },
    });
    expect(schemas['Part']).toMatchObject({ additionalProperties: false });
    expect(schemas['Answer']).not.toHaveProperty('additionalProperties');
    expect(document.paths['/things']!.post!.parameters).toEqual([
      { in: 'query', name: 'page', schema: { type: 'integer' } },
    ]);
  });
});

describe(documentInputRefusals.name, () => {
  it('documents 400 where a route takes input and 413 where it takes a body, keeping its own', () => {
    const error = { $ref: '#/components/schemas/Error' };
    const document = {
      paths: {
        '/things': {
          post: { requestBody: { content: {} }, responses: { '400': { description: 'own' } } },
          get: { parameters: [{ in: 'query', name: 'page' }], responses: {} },
        },
        '/health': { get: { parameters: [{ in: 'header', name: 'x-trace' }], responses: {} } },
      },
    } as unknown as OpenAPIObject;

    documentInputRefusals(document, 'Error');

    const things = document.paths['/things']!;
    expect(things.post!.responses['400']).toEqual({ description: 'own' });
    expect(things.post!.responses['413']).toMatchObject({
      content: { 'application/json': { schema: error } },
    });
    expect(things.get!.responses['400']).toMatchObject({
      content: { 'application/json': { schema: error } },
    });
    expect(things.get!.responses).not.toHaveProperty('413');
    expect(document.paths['/health']!.get!.responses).toEqual({});
  });
});
