import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';

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
export function strictValidationPipe(): ValidationPipe {
  return new StrictValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new InvalidRequestError(firstProblem(errors)),
  });
}

class StrictValidationPipe extends ValidationPipe {
  // Only what a client sent is walked: custom parameters (an identity) may hold cycles.
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom' && nestedDeeperThan(value, MAX_REQUEST_DEPTH)) {
      throw new InvalidRequestError(
        `Request ${metadata.type} is nested too deeply (at most ${MAX_REQUEST_DEPTH} levels)`,
      );
    }
    return super.transform(value, metadata);
  }
}

// Iterative, so that the check cannot overflow the stack it protects.
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<readonly [object, number]> = [];
  if (typeof value === 'object' && value !== null) pending.push([value, 1]);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (depth > limit) return true;
    for (const child of Object.values(node)) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
  }
  return false;
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
