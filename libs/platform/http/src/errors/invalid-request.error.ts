import {
  type ArgumentMetadata,
  type PipeTransform,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { plainDtoCheckOf } from '../validation/plain-dto-check.js';
import { isPrototypeName, isStorableText, unstorableTextReason } from '../validation/storable-text.js';

// A request that does not validate. Rendered as 400 with the first problem as the reason.
export class InvalidRequestError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'InvalidRequestError';
  }
}

// Far more than any request of ours needs, and far fewer than the few thousand that overflow the
// validator's recursion (a stack overflow would answer 500).
export const MAX_REQUEST_DEPTH = 32;

// Validates DTOs strictly (no unknown fields, no silent coercion) and reports the first problem
// in plain words instead of the framework's array of messages. Every route takes its body
// through here, the direct ones too, so the depth limit sits here rather than in a parser.
export function strictValidationPipe(): PipeTransform<unknown, unknown> {
  return new StrictValidationPipe(
    new DtoValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) => new InvalidRequestError(firstProblem(errors)),
    }),
  );
}

// Only what the validator walks (a client's DTO) is checked: custom parameters (an identity) may
// hold cycles, and a plain parameter is left to its route (the chat API answers in Zulip's words).
// A valid body of a plain DTO is taken without the validator's executor (plainDtoCheckOf);
// everything else, every refusal included, goes through the full pipe. Sync but for the full
// pipe: a promise per parameter is a cost on every route (Node 20's context hook runs for each).
class StrictValidationPipe implements PipeTransform<unknown, unknown> {
  constructor(private readonly validator: DtoValidationPipe) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (this.validator.leavesAlone(metadata)) return this.validator.untouched(value, metadata);
    refuseUnstorable(value, metadata);
    const dto = plainDtoCheckOf(metadata.metatype as new () => object)?.instanceOf(value);
    return dto ?? this.validator.transform(value, metadata);
  }
}

// Nest's pipe, with what it decides before validating made callable without its promise.
class DtoValidationPipe extends ValidationPipe {
  leavesAlone(metadata: ArgumentMetadata): boolean {
    return metadata.type === 'custom' || !metadata.metatype || !this.toValidate(metadata);
  }

  // What Nest's pipe answers for a parameter it does not validate.
  untouched(value: unknown, metadata: ArgumentMetadata): unknown {
    return this.isTransformEnabled ? this.transformPrimitive(value, metadata) : value;
  }
}

// What no validator rule catches before it breaks something further down: nesting deep enough to
// overflow the validator's recursion, text PostgreSQL cannot hold (a NUL or a lone surrogate, in a
// value or a property name: the query or the event's outbox row would fail and answer 500), and
// property names an object inherits, which the whitelist misses (refused in its own words).
// Iterative, so that the walk cannot overflow the stack it protects; the whole value is walked once.
function refuseUnstorable(value: unknown, { type, data }: ArgumentMetadata): void {
  const pending: Array<readonly [unknown, string, number]> = [[value, '', 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, path, depth] = next;
    if (typeof node === 'string' && !isStorableText(node)) {
      throw new InvalidRequestError(unstorableTextReason(path || data || type));
    }
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_REQUEST_DEPTH) {
      throw new InvalidRequestError(
        `Request ${type} is nested too deeply (at most ${MAX_REQUEST_DEPTH} levels)`,
      );
    }
    for (const [key, child] of Object.entries(node)) {
      if (!isStorableText(key)) {
        const where = path || data || `the request ${type}`;
        throw new InvalidRequestError(unstorableTextReason(`Property names in ${where}`));
      }
      const childPath = path ? `${path}.${key}` : key;
      if (isPrototypeName(key)) throw new InvalidRequestError(`property ${childPath} should not exist`);
      pending.push([child, childPath, depth + 1]);
    }
  }
}

function firstProblem(errors: ValidationError[], parent = ''): string {
  const [error] = errors;
  if (!error) return 'Invalid request';
  const path = parent ? `${parent}.${error.property}` : error.property;
  const message = preferredMessage(error.constraints ?? {});
  if (message) return message.replace(error.property, path);
  return firstProblem(error.children ?? [], path);
}

// A wrong type explains more than the length or range checks it also fails.
function preferredMessage(constraints: Record<string, string>): string | undefined {
  const entries = Object.entries(constraints);
  const typeCheck = entries.find(
    ([name]) => name === 'isDefined' || name === 'whitelistValidation' || /^is[A-Z]/.test(name),
  );
  return (typeCheck ?? entries[0])?.[1];
}
