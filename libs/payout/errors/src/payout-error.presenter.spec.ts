import { describe, expect, it } from '@jest/globals';
import { MethodNotAllowedException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { AuthenticationError, InvalidRequestError } from '@platform/http';
import { PayoutErrorPresenter } from './payout-error.presenter.js';

class DomainError extends Error {}

describe(PayoutErrorPresenter.name, () => {
  const sut = new PayoutErrorPresenter((error) =>
    error instanceof DomainError
      ? { status: 409, body: { code: 'conflict', reason: error.message, retryable: false } }
      : null,
  );

  it("renders the service's own coded errors first", () => {
    expect(sut.present(new DomainError('taken'))).toEqual({
      status: 409,
      body: { code: 'conflict', reason: 'taken', retryable: false },
    });
  });

  it('renders validation failures as invalid_request', () => {
    expect(sut.present(new InvalidRequestError('amount is required'))).toEqual({
      status: 400,
      body: { code: 'invalid_request', reason: 'amount is required', retryable: false },
    });
  });

  it('renders missing credentials as authentication_failed with a message', () => {
    expect(sut.present(new AuthenticationError('Missing or invalid credentials'))).toEqual({
      status: 401,
      body: {
        message: 'Missing or invalid credentials',
        code: 'authentication_failed',
        reason: 'Missing or invalid credentials',
        retryable: false,
      },
    });
  });

  it('renders framework client errors in the payout shape', () => {
    expect(sut.present(new NotFoundException('Cannot GET /nowhere'))).toEqual({
      status: 404,
      body: { code: 'not_found', reason: 'Cannot GET /nowhere', retryable: false },
    });
    expect(sut.present(new MethodNotAllowedException('TRACE is not allowed on /quote'))).toEqual({
      status: 405,
      body: { code: 'method_not_allowed', reason: 'TRACE is not allowed on /quote', retryable: false },
    });
    expect(sut.present(new PayloadTooLargeException('Request body is too large'))).toEqual({
      status: 413,
      body: { code: 'invalid_request', reason: 'Request body is too large', retryable: false },
    });
  });

  it('leaves unknown errors to the unexpected rendering: server_error, retryable, with a reference', () => {
    expect(sut.present(new Error('connection terminated'))).toBeNull();
    expect(sut.presentUnexpected('ref-1')).toEqual({
      status: 500,
      body: {
        code: 'server_error',
        reason: 'Unexpected error (reference ref-1); try again',
        retryable: true,
      },
    });
  });

  it('says not retryable when the same request is bound to fail the same way (the database refused a value)', () => {
    expect(sut.presentUnexpected('ref-2', false)).toEqual({
      status: 500,
      body: {
        code: 'server_error',
        reason: 'Unexpected error (reference ref-2); the request cannot be completed as sent',
        retryable: false,
      },
    });
  });
});
