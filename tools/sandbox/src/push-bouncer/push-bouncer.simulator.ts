import { reply, startSandboxServer, type SandboxRequest } from '../http/sandbox-http-server.js';

// What one call to the bouncer carried: the server that called (HTTP Basic user, never the
// key), the endpoint under /api/v1/remotes/push/, and its parameters (form or JSON body).
export interface BouncerCall {
  readonly endpoint: string;
  readonly serverUuid: string | null;
  readonly params: Readonly<Record<string, unknown>>;
  readonly receivedAt: string;
}

// A refusal the E2EE registration answers with, as Zulip's bouncer words it.
export interface BouncerRefusal {
  readonly code: string;
  readonly msg: string;
}

export interface PushBouncerSimulator {
  readonly url: string;
  calls(endpoint?: string): readonly BouncerCall[];
  // Every later E2EE registration is refused with this (null: accepted again).
  refuseRegistrations(refusal: BouncerRefusal | null): void;
  close(): Promise<void>;
}

const ENDPOINTS = ['e2ee/register', 'register', 'unregister', 'notify'] as const;
type Endpoint = (typeof ENDPOINTS)[number];

// Plays Zulip's push notification service (the "bouncer") for a chat server: accepts device
// registrations and notification requests on Zulip's /api/v1/remotes/push/* routes, records
// them, and never talks to FCM or APNs. GET /requests lists the calls, DELETE /requests forgets
// them, PUT /refusal {code, msg} (or DELETE /refusal) makes E2EE registrations fail.
export async function startPushBouncer(port = 0): Promise<PushBouncerSimulator> {
  const recorded: BouncerCall[] = [];
  let refusal: BouncerRefusal | null = null;
  let nextDeviceId = 1;
  const deviceIds = new Map<string, number>();

  const answer = (endpoint: Endpoint, params: Record<string, unknown>) => {
    if (endpoint === 'e2ee/register') {
      if (refusal) return reply(400, { result: 'error', ...refusal });
      // Idempotent per (account, registration), as the bouncer's unique constraint makes it.
      const key = `${String(params['push_account_id'])}:${String(params['encrypted_push_registration'])}`;
      const deviceId = deviceIds.get(key) ?? nextDeviceId++;
      deviceIds.set(key, deviceId);
      return reply(200, { result: 'success', msg: '', device_id: deviceId });
    }
    if (endpoint === 'notify') {
      const count = (name: string) => (Array.isArray(params[name]) ? (params[name] as unknown[]).length : 0);
      return reply(200, {
        result: 'success',
        msg: '',
        total_android_devices: count('android_devices'),
        total_apple_devices: count('apple_devices'),
        deleted_devices: { android_devices: [], apple_devices: [] },
        realm: null,
      });
    }
    return reply(200, { result: 'success', msg: '' });
  };

  const routes = ENDPOINTS.map((endpoint) => ({
    method: 'POST',
    path: `/api/v1/remotes/push/${endpoint}`,
    handler: (request: SandboxRequest) => {
      const params = parseParams(request);
      recorded.push({
        endpoint,
        serverUuid: basicUser(request),
        params,
        receivedAt: new Date().toISOString(),
      });
      return answer(endpoint, params);
    },
  }));
  const server = await startSandboxServer(
    [
      ...routes,
      { method: 'GET', path: '/requests', handler: () => reply(200, { requests: recorded }) },
      {
        method: 'DELETE',
        path: '/requests',
        handler: () => {
          recorded.length = 0;
          return reply(204, null);
        },
      },
      {
        method: 'PUT',
        path: '/refusal',
        handler: (request) => {
          const { code, msg } = parseParams(request);
          if (typeof code !== 'string' || typeof msg !== 'string')
            return reply(400, { error: 'code and msg' });
          refusal = { code, msg };
          return reply(204, null);
        },
      },
      {
        method: 'DELETE',
        path: '/refusal',
        handler: () => {
          refusal = null;
          return reply(204, null);
        },
      },
    ],
    port,
  );
  return {
    url: server.url,
    calls: (endpoint) => recorded.filter((call) => endpoint === undefined || call.endpoint === endpoint),
    refuseRegistrations: (next) => {
      refusal = next;
    },
    close: server.close,
  };
}

// Zulip's client posts registrations as a form and notifications as JSON.
function parseParams(request: SandboxRequest): Record<string, unknown> {
  const type = String(request.headers['content-type'] ?? '');
  if (type.startsWith('application/json')) {
    try {
      const parsed: unknown = JSON.parse(request.rawBody || '{}');
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(request.rawBody));
}

function basicUser(request: SandboxRequest): string | null {
  const match = /^Basic (.+)$/i.exec(String(request.headers.authorization ?? ''));
  if (!match) return null;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(0, colon);
}
