import { Injectable } from '@nestjs/common';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { pushServiceOf, type PushServiceSettings } from '../core/push-service.js';

// How a call to the bouncer ended: answered, refused with Zulip's error (the request will not
// succeed as it is), or not answered usefully (down, 5xx, garbage): worth another try.
export type BouncerAnswer =
  | { readonly kind: 'ok'; readonly body: Readonly<Record<string, unknown>> }
  | { readonly kind: 'refused'; readonly status: number; readonly code: string; readonly msg: string }
  | { readonly kind: 'unavailable'; readonly reason: string };

const TIMEOUT_MS = 10_000;

// Zulip's send_to_push_bouncer: POST /api/v1/remotes/push/<endpoint>, authenticated as the
// server (HTTP Basic server_uuid:server_key). Registrations go as forms, notifications as JSON.
@Injectable()
export class PushBouncerClient {
  private readonly service: PushServiceSettings | null;

  constructor(config: ChatApiConfig) {
    this.service = pushServiceOf(config);
  }

  get serverUuid(): string {
    return this.settings().serverUuid;
  }

  postForm(endpoint: string, params: Readonly<Record<string, string>>): Promise<BouncerAnswer> {
    return this.post(endpoint, 'application/x-www-form-urlencoded', new URLSearchParams(params).toString());
  }

  postJson(endpoint: string, body: unknown): Promise<BouncerAnswer> {
    return this.post(endpoint, 'application/json', JSON.stringify(body));
  }

  private settings(): PushServiceSettings {
    if (!this.service) throw new Error('No push service is configured');
    return this.service;
  }

  private async post(endpoint: string, contentType: string, body: string): Promise<BouncerAnswer> {
    const { url, serverUuid, serverKey } = this.settings();
    let response: Response;
    try {
      response = await fetch(`${url}/api/v1/remotes/push/${endpoint}`, {
        method: 'POST',
        headers: {
          'content-type': contentType,
          authorization: `Basic ${Buffer.from(`${serverUuid}:${serverKey}`).toString('base64')}`,
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      return { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
    }
    const parsed = await response.json().catch(() => null);
    const answer = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
    if (response.ok && answer) return { kind: 'ok', body: answer };
    if (response.status >= 400 && response.status < 500 && answer && typeof answer['msg'] === 'string')
      return {
        kind: 'refused',
        status: response.status,
        code: typeof answer['code'] === 'string' ? answer['code'] : 'BAD_REQUEST',
        msg: answer['msg'],
      };
    return { kind: 'unavailable', reason: `the bouncer answered ${response.status}` };
  }
}
