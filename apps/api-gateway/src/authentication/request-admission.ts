import { Injectable } from '@nestjs/common';
import { hash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { authenticationFailedBody, sendJson, type PresentedError } from '@platform/http';
import type { InternalIdentity } from '@shared/contracts';
import { clientAddressOf } from '../rate-limits/client-address.js';
import { FailedAuthenticationLimiter } from '../rate-limits/failed-authentication.limiter.js';
import { PartnerRateLimiter } from '../rate-limits/partner-rate-limiter.js';
import { RateLimitsConfig } from '../rate-limits/rate-limits.config.js';
import {
  API_KEY_HEADER,
  CredentialAuthenticator,
  OPS_KEY_HEADER,
  type Authentication,
  type PresentedCredentials,
} from './credential-authenticator.js';

export type Admission =
  | { readonly admitted: true; readonly identity: InternalIdentity | null }
  | { readonly admitted: false; readonly refusal: PresentedError };

// Whether a request may go on, and as whom, for the proxied requests and the gateway's own
// routes alike: an address over its failed-authentication limit (failures and credentials still
// being checked) is refused before its credential is looked at, a wrong credential is a 401 that counts against its address, and a partner's
// request counts against its limit of the route's class (the RateLimit headers go on `response`
// whatever is answered).
//
// A credential checked at once (none, an ops key, an API key already looked up) is answered
// without a promise: on Node 20 each one runs the AsyncLocalStorage promise hooks.
@Injectable()
export class RequestAdmission {
  constructor(
    private readonly authenticator: CredentialAuthenticator,
    private readonly failedAuthentications: FailedAuthenticationLimiter,
    private readonly partnerLimits: PartnerRateLimiter,
    private readonly config: RateLimitsConfig,
  ) {}

  admit(request: IncomingMessage, response: ServerResponse, path: string): Admission | Promise<Admission> {
    const address = carriesCredential(request.headers)
      ? clientAddressOf(request, this.config.TRUSTED_PROXY_HOPS)
      : null;
    const credentials = this.authenticator.credentialsOf(request.headers);
    const place =
      address === null ? null : this.failedAuthentications.admit(address, credentialFingerprint(credentials));
    if (place && 'refusal' in place) return { admitted: false, refusal: place.refusal };
    const authentication = afterCheck(
      () => this.authenticator.authenticate(credentials),
      () => place?.release(),
    );
    return authentication instanceof Promise
      ? authentication.then((settled) => this.decide(settled, address, request, response, path))
      : this.decide(authentication, address, request, response, path);
  }

  private decide(
    authentication: Authentication,
    address: string | null,
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
  ): Admission {
    if (authentication.outcome === 'rejected') {
      if (address !== null) this.failedAuthentications.failed(address);
      return {
        admitted: false,
        refusal: { status: 401, body: authenticationFailedBody(authentication.reason) },
      };
    }
    const identity = authentication.outcome === 'authenticated' ? authentication.identity : null;
    if (identity?.kind !== 'partner') return { admitted: true, identity };
    const verdict = this.partnerLimits.admit(identity.partnerId, request.method, path);
    for (const [name, value] of Object.entries(verdict.headers)) response.setHeader(name, value);
    return verdict.refusal ? { admitted: false, refusal: verdict.refusal } : { admitted: true, identity };
  }
}

// A refusal with its own headers (Retry-After) beside those already set.
export function sendRefusal(response: ServerResponse, { status, body, headers }: PresentedError): void {
  for (const [name, value] of Object.entries(headers ?? {})) response.setHeader(name, value);
  sendJson(response, status, body);
}

// Which credentials a request carries, as a digest (the limiter holds no key in memory). A lone
// API key is told apart by its HMAC, computed for its lookup anyway; any other combination by a
// one-shot sha256 of the three headers.
function credentialFingerprint({ headers, apiKeyHash }: PresentedCredentials): string {
  if (apiKeyHash !== null && headers.authorization === undefined && headers[OPS_KEY_HEADER] === undefined)
    return apiKeyHash;
  const presented = [headers[OPS_KEY_HEADER], headers[API_KEY_HEADER], headers.authorization];
  return hash('sha256', JSON.stringify(presented), 'base64');
}

function carriesCredential(headers: IncomingHttpHeaders): boolean {
  return (
    headers[OPS_KEY_HEADER] !== undefined ||
    headers[API_KEY_HEADER] !== undefined ||
    headers.authorization !== undefined
  );
}

// `check`'s result, with `done` called once the check has ended whatever its outcome (thrown,
// rejected or answered). One answered at once is handed back as it is, without a promise.
function afterCheck<T>(check: () => T | Promise<T>, done: () => void): T | Promise<T> {
  let result: T | Promise<T>;
  try {
    result = check();
  } catch (error) {
    done();
    throw error;
  }
  if (result instanceof Promise) return result.finally(done);
  done();
  return result;
}
