import { HttpException, HttpStatus } from '@nestjs/common';
import {
  AuthenticationError,
  InvalidRequestError,
  authenticationFailedBody,
  type ErrorPresenter,
  type PresentedError,
  unavailable,
} from '@platform/http';
import { CapRefusal } from './cap-refusal.js';

export interface PayoutErrorBody {
  readonly code: string;
  readonly reason: string;
  readonly retryable: boolean;
}

// Each payout service maps its own coded domain errors; null for errors that are not its own.
export type DomainErrorMapper = (
  error: unknown,
) => { readonly status: number; readonly body: PayoutErrorBody } | null;

// The payout API's error shape, `{ code, reason, retryable }`, for every error a payout service
// can raise. 401s also carry the `message` every 401 of the platform has.
export class PayoutErrorPresenter implements ErrorPresenter {
  constructor(private readonly mapDomainError: DomainErrorMapper) {}

  present(error: unknown): PresentedError | null {
    const domain = this.mapDomainError(error);
    if (domain) return domain;
    if (error instanceof CapRefusal)
      return { status: 400, body: { code: error.code, reason: error.reason, retryable: false } };
    if (error instanceof AuthenticationError)
      return { status: 401, body: authenticationFailedBody(error.reason) };
    if (error instanceof InvalidRequestError) return clientError(400, 'invalid_request', error.reason);
    if (error instanceof HttpException) {
      const status = error.getStatus();
      if (status >= 500) return null;
      return clientError(status, clientErrorCode(status), error.message);
    }
    return null;
  }

  // Still a 500 when the database refused a value (input validation should have refused it
  // first), but not retryable: the same request fails the same way.
  presentUnexpected(errorId: string, retryable = true): PresentedError {
    const body: PayoutErrorBody = {
      code: 'server_error',
      reason: retryable
        ? `Unexpected error (reference ${errorId}); try again`
        : `Unexpected error (reference ${errorId}); the request cannot be completed as sent`,
      retryable,
    };
    return { status: 500, body };
  }

  presentUnavailable(retryAfterSeconds: number): PresentedError {
    const body: PayoutErrorBody = {
      code: 'service_unavailable',
      reason: `The service is temporarily unavailable; try again in ${retryAfterSeconds} s`,
      retryable: true,
    };
    return unavailable(body, retryAfterSeconds);
  }
}

function clientErrorCode(status: number): string {
  if (status === HttpStatus.NOT_FOUND) return 'not_found';
  if (status === HttpStatus.METHOD_NOT_ALLOWED) return 'method_not_allowed';
  return 'invalid_request';
}

function clientError(status: number, code: string, reason: string): PresentedError {
  const body: PayoutErrorBody = { code, reason, retryable: false };
  return { status, body };
}
