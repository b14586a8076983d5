import { HttpException } from '@nestjs/common';
import { PayoutErrorPresenter, type PayoutErrorBody } from '@payout/errors';
import { DefaultErrorPresenter, type ErrorPresenter, type PresentedError } from '@platform/http';

// How a feature answers for its own coded errors: null for an error that is not its own.
export type FeatureErrorPresenter = (error: unknown) => PresentedError | null;

// The gateway answers for the payout API (its own routes, and refusals of requests it proxies):
// every client error in the payout shape, with the `message` every error of the platform's own
// surface (health, metrics) and every 401 carries. The features present their coded errors
// (@PresentsErrors on their modules); the core knows none of their codes.
export class GatewayErrorPresenter implements ErrorPresenter {
  private readonly platform = new DefaultErrorPresenter();
  private readonly payout = new PayoutErrorPresenter(() => null);

  constructor(private readonly featureErrors: readonly FeatureErrorPresenter[] = []) {}

  present(error: unknown): PresentedError | null {
    for (const presentFeatureError of this.featureErrors) {
      const presented = presentFeatureError(error);
      if (presented) return presented;
    }
    if (error instanceof HttpException && error.getStatus() < 500) {
      const presented = this.payout.present(error);
      if (presented) return { ...presented, body: withMessage(presented.body as PayoutErrorBody) };
    }
    return this.platform.present(error);
  }

  presentUnexpected(errorId: string): PresentedError {
    return this.platform.presentUnexpected(errorId);
  }

  presentUnavailable(retryAfterSeconds: number): PresentedError {
    const presented = this.payout.presentUnavailable(retryAfterSeconds);
    return { ...presented, body: withMessage(presented.body as PayoutErrorBody) };
  }
}

// A request refused for good, in the payout shape with its message.
export function refusal(status: number, code: string, reason: string): PresentedError {
  return { status, body: withMessage({ code, reason, retryable: false }) };
}

// A request refused for now (too many of its kind): retryable once `Retry-After` has passed.
export function throttled(code: string, reason: string, retryAfterSeconds: number): PresentedError {
  return {
    status: 429,
    body: withMessage({ code, reason, retryable: true }),
    headers: { 'retry-after': String(retryAfterSeconds) },
  };
}

// The gateway's own answer when the service that owns a request fails it: worth retrying.
export function upstreamFailure(status: 502 | 504, reason: string): PresentedError {
  return { status, body: withMessage({ code: 'server_error', reason, retryable: true }) };
}

function withMessage(body: PayoutErrorBody) {
  return { message: body.reason, ...body };
}
