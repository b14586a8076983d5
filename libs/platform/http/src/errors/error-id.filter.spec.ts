import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { createLogger } from '@platform/logging';
import { presentError } from './error-id.filter.js';
import type { ErrorPresenter, PresentedError } from './error-presenter.js';

// Renders what the filter asks for, so that the test reads the filter's decision.
class RecordingPresenter implements ErrorPresenter {
  present(): PresentedError | null {
    return null;
  }

  presentUnexpected(errorId: string, retryable?: boolean): PresentedError {
    return { status: 500, body: { errorId, retryable } };
  }

  presentUnavailable(retryAfterSeconds: number): PresentedError {
    return { status: 503, body: { retryAfterSeconds } };
  }
}

const refused = (code: string) =>
  new QueryFailedError('INSERT', [], Object.assign(new Error('refused'), { code }));

describe(presentError.name, () => {
  const logger = createLogger({ service: 'test', level: 'silent' });
  const sut = (error: unknown) => presentError(new RecordingPresenter(), logger, error);

  it('answers a value the database refused as a 500 that is not retryable', () => {
    for (const code of ['22P02', '22021', '22P05', '23502']) {
      expect(sut(refused(code))).toEqual({
        status: 500,
        body: { errorId: expect.any(String), retryable: false },
      });
    }
  });

  it('leaves any other unexpected failure retryable', () => {
    expect(sut(new Error('boom')).body).toEqual({ errorId: expect.any(String), retryable: true });
    expect(sut(refused('23505')).body).toEqual({ errorId: expect.any(String), retryable: true });
  });
});
