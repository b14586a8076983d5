import {
  ApiProperty,
  DECORATORS,
  type OpenAPIObject,
  type OperationObject,
  type RequestBodyObject,
} from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';

interface Rule {
  readonly type: string;
  readonly name?: string;
  readonly propertyName: string;
  readonly constraints?: readonly unknown[];
  readonly each?: boolean;
}

type Schema = Record<string, unknown>;

// Every client string goes through the strict pipe, which refuses a NUL character (PostgreSQL
// text cannot hold one); a string with a pattern of its own already excludes it. The pipe refuses
// a lone surrogate too, which no JSON text a client's encoder writes holds and no pattern that
// every schema tool reads alike can say.
const WITHOUT_NUL = '^[^\\x00]*$';

// `format: uuid` alone is a hint many generators and validators skip: the pattern says it too.
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

// Writes what the validators of every documented DTO property check into its OpenAPI schema
// (lengths, bounds, patterns, integer, formats, allowed values), so that the served document
// says what the code refuses and cannot drift from it. Runs before each app's document is built;
// properties without an @ApiProperty stay undocumented.
export function documentValidationConstraints(): void {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, Rule[]> };
  for (const [target, rules] of storage.validationMetadatas) {
    if (typeof target !== 'function') continue;
    const prototype = (target as { prototype: object }).prototype;
    const documented = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, prototype) ??
      []) as string[];
    for (const rule of rules) {
      if (rule.each || !documented.includes(`:${rule.propertyName}`)) continue;
      const current = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, prototype, rule.propertyName) ??
        {}) as Schema;
      const described = schemaOf(rule, current, prototype);
      if (described) ApiProperty(described)(prototype, rule.propertyName);
    }
  }
}

function schemaOf(rule: Rule, current: Schema, prototype: object): Schema | null {
  const [first] = rule.constraints ?? [];
  switch (rule.name) {
    // IsOptional lets null through as well as an absent field.
    case 'isOptional':
      return { nullable: true };
    case 'isNotEmpty':
      return isText(current, prototype, rule.propertyName)
        ? { minLength: Math.max(Number(current['minLength'] ?? 0), 1) }
        : null;
    case 'minLength':
      return { minLength: first };
    case 'maxLength':
      return { maxLength: first };
    case 'min':
      return { minimum: first };
    case 'max':
      return { maximum: first };
    case 'isPositive':
      return { minimum: 0, exclusiveMinimum: true };
    case 'isString':
      return current['pattern'] || current['enum'] ? null : { pattern: WITHOUT_NUL };
    case 'isInt':
      return { type: 'integer' };
    case 'isUuid':
      return { format: 'uuid', pattern: UUID };
    case 'isEmail':
      return { format: 'email' };
    case 'isIn':
      return current['enum'] ? null : { enum: first };
    case 'matches':
      // A flagged expression (case-insensitive…) has no OpenAPI spelling: left to the description.
      return first instanceof RegExp && first.flags === '' ? { pattern: first.source } : null;
    default:
      return null;
  }
}

function isText(current: Schema, prototype: object, property: string): boolean {
  const type = current['type'] ?? Reflect.getMetadata('design:type', prototype, property);
  return type === String || type === 'string';
}

// The strict pipe refuses unknown fields (forbidNonWhitelisted): every request body's schema,
// and the schemas it nests, says so with additionalProperties: false. A query string cannot
// carry a null, so its parameters are not nullable whatever their DTO property says.
export function closeRequestBodies(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const closed = new Set<string>();
  const close = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object') return;
    const node = schema as Schema;
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      const name = ref.slice(ref.lastIndexOf('/') + 1);
      if (closed.has(name) || !schemas[name]) return;
      closed.add(name);
      return close(schemas[name]);
    }
    if (node['type'] === 'object' && node['properties']) node['additionalProperties'] = false;
    // OpenAPI 3.0: a nullable enum takes null only when its values list it.
    const values = node['enum'];
    if (node['nullable'] === true && Array.isArray(values) && !values.includes(null)) values.push(null);
    for (const child of Object.values((node['properties'] ?? {}) as Record<string, unknown>)) close(child);
    for (const key of ['items', 'allOf', 'oneOf', 'anyOf'] as const) {
      const nested = node[key];
      for (const child of Array.isArray(nested) ? nested : [nested]) close(child);
    }
  };
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations as Record<string, OperationObject>)) {
      const body = operation?.requestBody as RequestBodyObject | undefined;
      for (const media of Object.values(body?.content ?? {})) close(media.schema);
      for (const parameter of operation?.parameters ?? []) {
        if ('schema' in parameter && parameter.schema && 'nullable' in parameter.schema)
          delete parameter.schema.nullable;
      }
    }
  }
}

// What the platform answers for any route that takes input, before its handler runs: 400 for a
// parameter or body it cannot read or that does not validate, 413 for a body over the limit.
export function documentInputRefusals(document: OpenAPIObject, errorSchema: string): void {
  const content = { 'application/json': { schema: { $ref: `#/components/schemas/${errorSchema}` } } };
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations as Record<string, OperationObject>)) {
      if (!operation?.responses) continue;
      const takesInput = (operation.parameters ?? []).some(
        (parameter) => 'in' in parameter && parameter.in !== 'header',
      );
      if ((takesInput || operation.requestBody) && !operation.responses['400'])
        operation.responses['400'] = { description: 'The request is unreadable or invalid', content };
      if (operation.requestBody && !operation.responses['413'])
        operation.responses['413'] = { description: 'The request body is too large', content };
    }
  }
}
