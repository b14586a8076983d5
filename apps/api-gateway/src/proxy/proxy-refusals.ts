import { PayloadTooLargeException } from '@nestjs/common';
import type { PresentedError } from '@platform/http';
import { GatewayErrorPresenter, upstreamFailure } from '../core/errors/gateway-error.presenter.js';
import type { Upstream } from './gateway-routes.js';

// What the gateway itself answers for a request it was proxying: the body was too large, the
// service did not answer (in time), or proxying failed. Each in the shape its client reads.
export interface ProxyRefusals {
  readonly tooLarge: PresentedError;
  readonly timedOut: PresentedError;
  readonly unavailable: PresentedError;
  unexpected(errorId: string): PresentedError;
}

const presenter = new GatewayErrorPresenter();

// The payout API's shape, `{ message, code, reason, retryable }`.
const payoutRefusals: ProxyRefusals = {
  tooLarge: presenter.present(new PayloadTooLargeException('Request body is too large'))!,
  timedOut: upstreamFailure(504, 'The service did not answer in time'),
  unavailable: upstreamFailure(502, 'The service is unavailable'),
  unexpected: (errorId) => presenter.presentUnexpected(errorId),
};

// Zulip's envelope for chat requests (/api/v1, or anything on CHAT_HOST), as chat-api itself
// answers: a refusal `{ result, msg, code }` (the 413 is chat-api's own), a server error
// `{ result, msg }` without a code, like Zulip's 500, so Zulip clients retry it.
const chatRefusals: ProxyRefusals = {
  tooLarge: { status: 413, body: { result: 'error', msg: 'Request body is too large', code: 'BAD_REQUEST' } },
  timedOut: { status: 504, body: { result: 'error', msg: 'The service did not answer in time' } },
  unavailable: { status: 502, body: { result: 'error', msg: 'The service is unavailable' } },
  unexpected: () => ({ status: 500, body: { result: 'error', msg: 'Internal server error' } }),
};

export function proxyRefusalsFor(upstream: Upstream): ProxyRefusals {
  return upstream === 'chat' ? chatRefusals : payoutRefusals;
}
