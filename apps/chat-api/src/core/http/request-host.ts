import type { Request } from 'express';
import type { IncomingMessage } from 'node:http';

// The host the client called: the gateway's X-Forwarded-Host when proxied, else Host; without
// the port, lower-cased. A realm that claims this host owns the request.
export function requestHost(request: IncomingMessage): string | undefined {
  const forwarded = request.headers['x-forwarded-host'];
  const raw = (typeof forwarded === 'string' && forwarded) || request.headers.host;
  return raw?.split(',')[0]?.trim().split(':')[0]?.toLowerCase() || undefined;
}

// The origin the client called, for realm URLs: `http://localhost:3000`.
export function requestOrigin(request: Request): string {
  const forwardedProto = request.headers['x-forwarded-proto'];
  const proto =
    (typeof forwardedProto === 'string' && forwardedProto.split(',')[0]?.trim()) || request.protocol;
  const forwardedHost = request.headers['x-forwarded-host'];
  const host = (typeof forwardedHost === 'string' && forwardedHost) || request.headers.host || 'localhost';
  return `${proto}://${host}`;
}
