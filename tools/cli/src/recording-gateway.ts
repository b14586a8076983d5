import { GatewayClient } from './gateway-client.js';

// For the commands' unit tests: records every request and answers with what it was sent.
export class RecordingGateway extends GatewayClient {
  readonly sent: Array<{ method: string; path: string; body: unknown }> = [];

  constructor() {
    super('http://gateway.invalid', 'ops-key');
  }

  override async request<T>(method: string, path: string, body?: object) {
    this.sent.push({ method, path, body });
    return (body ?? {}) as T;
  }
}
