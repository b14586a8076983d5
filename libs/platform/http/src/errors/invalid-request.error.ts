import { ValidationPipe, type ValidationError } from '@nestjs/common';

// A request that does not validate. Rendered as 400 with the first problem as the reason.
export class InvalidRequestError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'InvalidRequestError';
  }
}

// Validates DTOs strictly (no unknown fields, no silent coercion) and reports the first problem
// in plain words instead of the framework's array of messages.
export function strictValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new InvalidRequestError(firstProblem(errors)),
  });
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
