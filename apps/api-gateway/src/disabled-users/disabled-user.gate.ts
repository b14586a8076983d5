import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { HttpConfig, isStorableText, type PresentedError } from '@platform/http';
import type { InternalIdentity } from '@shared/contracts';
import { GatewayConfig } from '../core/api-gateway.config.js';
import { refusal } from '../core/errors/gateway-error.presenter.js';
import { DisabledUsersRepository } from './disabled-users.repository.js';
import { multipartField } from './multipart-field.js';
import { readRequestBody } from './request-body.reader.js';

// What the gate answers, and what the API reference says of it (user-disabled.openapi.ts).
export const USER_DISABLED_REFUSAL = {
  status: 403,
  code: 'user_disabled',
  reason: 'This user has been disabled by operations: its quotes, transactions and KYC are refused',
} as const;

export const USER_DISABLED = refusal(
  USER_DISABLED_REFUSAL.status,
  USER_DISABLED_REFUSAL.code,
  USER_DISABLED_REFUSAL.reason,
);

// What the gateway does with a proxied request: forward it (with the body it had to read, if it
// read one), refuse it, or answer that its body is too large.
export type UserGateOutcome =
  | { readonly kind: 'forward'; readonly body: Buffer | null }
  | { readonly kind: 'refuse'; readonly refusal: PresentedError }
  | { readonly kind: 'too_large' };

// The requests that act as an end user, and where each names it. A wallet session (Bearer) is
// its user on all of them; with an API key, a quote names no user, an accept names it in its
// JSON `user_id` and a KYC submission in its multipart `userId` field.
const USER_ROUTES: ReadonlyMap<string, 'json' | 'multipart' | null> = new Map([
  ['/quote', null],
  ['/quote/reverse', null],
  ['/quote/onramp', null],
  ['/transaction', 'json'],
  ['/kyc', 'multipart'],
]);

export const USER_ROUTE_PATHS: readonly string[] = [...USER_ROUTES.keys()];

const FORWARD: UserGateOutcome = { kind: 'forward', body: null };

// Refuses the quotes, accepts and KYC submissions of users operations disabled, before they
// reach their service. Only those requests are looked at: every other one passes untouched, and
// a body is read (at most its route's size limit) only when it is where the user is named.
@Injectable()
export class DisabledUserGate {
  constructor(
    private readonly disabledUsers: DisabledUsersRepository,
    private readonly gateway: GatewayConfig,
    private readonly http: HttpConfig,
  ) {}

  // Whether the request names a user to look at: a partner's POST to a user route, made with a
  // wallet session or naming its user in the body. Every other request is forwarded untouched,
  // without waiting on the gate.
  concerns(request: IncomingMessage, path: string, identity: InternalIdentity | null): boolean {
    if (identity?.kind !== 'partner' || request.method !== 'POST') return false;
    const format = USER_ROUTES.get(path);
    return format !== undefined && (identity.walletUser !== null || format !== null);
  }

  async inspect(
    request: IncomingMessage,
    path: string,
    identity: InternalIdentity | null,
  ): Promise<UserGateOutcome> {
    if (!this.concerns(request, path, identity) || identity?.kind !== 'partner') return FORWARD;
    if (identity.walletUser !== null) return this.decide(identity.partnerId, identity.walletUser, null);
    const format = USER_ROUTES.get(path);
    if (!format) return FORWARD;
    const limit = format === 'multipart' ? this.gateway.MAX_UPLOAD_BYTES : this.http.MAX_BODY_BYTES;
    // The proxy refuses a declared oversize body itself, unread.
    if (Number(request.headers['content-length'] ?? 0) > limit) return FORWARD;
    const body = await readRequestBody(request, limit);
    if (!body) return { kind: 'too_large' };
    const contentType = request.headers['content-type'] ?? '';
    const userId = format === 'json' ? jsonUserId(body) : multipartField(body, contentType, 'userId');
    return this.decide(identity.partnerId, userId, body);
  }

  private async decide(
    partnerId: string,
    userId: string | null,
    body: Buffer | null,
  ): Promise<UserGateOutcome> {
    // Text no user id can hold (a NUL, a lone surrogate) names no user, and would fail the lookup:
    // the service refuses it in its own words.
    if (userId !== null && isStorableText(userId) && (await this.disabledUsers.isDisabled(partnerId, userId)))
      return { kind: 'refuse', refusal: USER_DISABLED };
    return { kind: 'forward', body };
  }
}

// An unreadable body names no user: the service answers it as it would.
function jsonUserId(body: Buffer): string | null {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { user_id?: unknown } | null;
    return typeof parsed?.user_id === 'string' ? parsed.user_id : null;
  } catch {
    return null;
  }
}
