import { HttpException } from '@nestjs/common';
import { AuthenticationError } from '../auth/authentication.error.js';
import { InvalidRequestError } from './invalid-request.error.js';

export interface PresentedError {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

// Maps an error to the status and body of one API surface. Returns null for errors it does not
// know; the filter then answers 500 with `presentUnexpected` (the error id is logged with the
// stack). Each surface has exactly one presenter.
export interface ErrorPresenter {
  present(error: unknown): PresentedError | null;
  // `retryable` is false when the same request is bound to fail the same way (the database
  // refused one of its values): a surface that tells clients whether to retry must say no.
  presentUnexpected(errorId: string, retryable?: boolean): PresentedError;
  // The database is out of reach: worth retrying after `retryAfterSeconds` (503, Retry-After).
  presentUnavailable(retryAfterSeconds: number): PresentedError;
}

// Every 401 outside the chat API: a `message` for any client, and the payout error fields.
export function authenticationFailedBody(reason: string) {
  return { message: reason, code: 'authentication_failed', reason, retryable: false };
}

export function invalidRequestBody(reason: string) {
  return { message: reason, code: 'invalid_request', reason, retryable: false };
}

// The platform's own surface (health, metrics, internal routes, gateway admin routes).
export class DefaultErrorPresenter implements ErrorPresenter {
  present(error: unknown): PresentedError | null {
    if (error instanceof AuthenticationError) {
      return { status: 401, body: authenticationFailedBody(error.reason) };
    }
    if (error instanceof InvalidRequestError) {
      return { status: 400, body: invalidRequestBody(error.reason) };
    }
    if (error instanceof HttpException) {
      return { status: error.getStatus(), body: { message: httpExceptionMessage(error) } };
    }
    return null;
  }

  presentUnexpected(errorId: string): PresentedError {
    return { status: 500, body: { message: 'Internal server error', errorId } };
  }

  presentUnavailable(retryAfterSeconds: number): PresentedError {
    return unavailable({ message: 'Service temporarily unavailable; try again shortly' }, retryAfterSeconds);
  }
}

// Every surface's 503 carries the same header; only the body has the surface's shape.
export function unavailable(body: unknown, retryAfterSeconds: number): PresentedError {
  return { status: 503, body, headers: { 'Retry-After': String(retryAfterSeconds) } };
}

// Framework exceptions (unknown route, wrong method, too large) keep only their message, so every
// error body of the platform surface has the same `message` field and nothing else to parse.
function httpExceptionMessage(error: HttpException): string {
  const response = error.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return error.message;
}
