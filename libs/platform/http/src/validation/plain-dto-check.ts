import { getMetadataStorage, IS_ENUM, type ValidationArguments } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata.js';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';

type Dto = new () => object;

// Whether a request value is a valid instance of a DTO, decided without class-transformer and
// class-validator's executor, which cost more CPU than a hot route's own work: the DTO's own
// validators are run straight on the value. Only a yes is decided here; on anything else the
// caller runs the full pipe, which finds the same problems and words them as always.
export interface PlainDtoCheck {
  // The DTO instance the full pipe would build from `value`, or null to run the full pipe.
  instanceOf(value: unknown): object | null;
}

interface PropertyCheck {
  readonly property: string;
  readonly validators: readonly ((value: unknown, object: object) => unknown)[];
}

const checks = new WeakMap<Dto, PlainDtoCheck | null>();

// The DTO's check, made once per class; null for a class the check cannot stand in for.
export function plainDtoCheckOf(dto: Dto): PlainDtoCheck | null {
  let check = checks.get(dto);
  if (check === undefined) {
    check = compileOrNull(dto);
    checks.set(dto, check);
  }
  return check;
}

// A class whose constructor cannot run bare is left to the full pipe (which says what it says).
function compileOrNull(dto: Dto): PlainDtoCheck | null {
  try {
    return compile(dto);
  } catch {
    return null;
  }
}

// Only the simplest DTOs: primitive fields whose every rule is a synchronous validator on the
// field itself, and nothing class-transformer would convert. Whatever else (nested DTOs, `each`,
// groups, conditional or optional fields, @Type, @Transform, @Expose, @Exclude) keeps the full pipe.
function compile(dto: Dto): PlainDtoCheck | null {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  if (metadatas.length === 0 || transformedByClassTransformer(dto)) return null;
  const properties = new Map<string, PropertyCheck['validators'][number][]>();
  for (const metadata of metadatas) {
    const validator = validatorOf(dto, metadata);
    if (!validator || transformedProperty(dto, metadata.propertyName)) return null;
    const validators = properties.get(metadata.propertyName) ?? [];
    validators.push(validator);
    properties.set(metadata.propertyName, validators);
  }
  // The whitelist looks at the instance's own keys: a declared field without rules is refused.
  if (Object.keys(new dto()).some((key) => !properties.has(key))) return null;
  const propertyChecks: PropertyCheck[] = [...properties].map(([property, validators]) => ({
    property,
    validators,
  }));
  return { instanceOf: (value) => (accepts(value, propertyChecks) ? Object.assign(new dto(), value) : null) };
}

function validatorOf(dto: Dto, metadata: ValidationMetadata): PropertyCheck['validators'][number] | null {
  const plain =
    (metadata.type === 'customValidation' || metadata.type === 'isDefined') &&
    !metadata.each &&
    !metadata.always &&
    (metadata.groups?.length ?? 0) === 0 &&
    metadata.constraintCls !== undefined;
  if (!plain) return null;
  const constraints = getMetadataStorage().getTargetValidatorConstraints(metadata.constraintCls);
  if (constraints.length === 0 || constraints.some((constraint) => constraint.async)) return null;
  if (metadata.name === IS_ENUM) return enumMembership(metadata.constraints[0] as Record<string, unknown>);
  return (value, object) =>
    constraints.every((constraint) => {
      const args: ValidationArguments = {
        targetName: dto.name,
        property: metadata.propertyName,
        object,
        value,
        constraints: metadata.constraints,
      };
      const valid = (
        constraint.instance as { validate(value: unknown, args: ValidationArguments): unknown }
      ).validate(value, args);
      // A validator that answers a promise is async after all: the full pipe decides.
      return valid === true;
    });
}

// IsEnum's decision (the value is one of the enum object's values, compared as includes() does)
// from a set made once: class-validator lists the enum's values anew on every call.
function enumMembership(entity: Record<string, unknown>): PropertyCheck['validators'][number] {
  const members = new Set(Object.values(entity));
  return (value) => members.has(value);
}

// A plain object with no field the DTO does not declare, only primitive values, and every rule
// satisfied.
function accepts(value: unknown, properties: readonly PropertyCheck[]): value is object {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) {
    return false;
  }
  const fields = value as Record<string, unknown>;
  for (const key in fields) {
    const field = fields[key];
    if (typeof field === 'object' && field !== null) return false;
    if (!properties.some(({ property }) => property === key)) return false;
  }
  return properties.every(({ property, validators }) =>
    validators.every((validate) => validate(fields[property], fields)),
  );
}

function transformedByClassTransformer(dto: Dto): boolean {
  return (
    defaultMetadataStorage.getStrategy(dto) !== 'none' ||
    defaultMetadataStorage.getExposedMetadatas(dto).length > 0 ||
    defaultMetadataStorage.getExcludedMetadatas(dto).length > 0
  );
}

function transformedProperty(dto: Dto, property: string): boolean {
  return (
    defaultMetadataStorage.findTypeMetadata(dto, property) !== undefined ||
    defaultMetadataStorage.findTransformMetadatas(dto, property, 0).length > 0 ||
    defaultMetadataStorage.findTransformMetadatas(dto, property, 1).length > 0 ||
    defaultMetadataStorage.findTransformMetadatas(dto, property, 2).length > 0
  );
}
