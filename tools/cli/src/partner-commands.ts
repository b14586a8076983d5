import { CliError, required, type GatewayClient } from './gateway-client.js';

interface CreatedPartner {
  partnerId: string;
  name: string;
  keyId: string;
  apiKey: string;
}

interface IssuedKey {
  keyId: string;
  apiKey: string;
}

export interface PartnerOptions {
  readonly name?: string | undefined;
  readonly partnerId?: string | undefined;
  readonly keyId?: string | undefined;
}

// `partner create`, `partner key create`, `partner key revoke`, `partner key list`. Each prints
// one JSON object; API keys appear only here, once.
export async function runPartnerCommand(
  args: readonly string[],
  options: PartnerOptions,
  gateway: GatewayClient,
) {
  const [first, second] = args;
  if (first === 'create') {
    const partner = await gateway.request<CreatedPartner>('POST', '/ops/partners', {
      name: required(options.name, '--name'),
    });
    return { partnerId: partner.partnerId, name: partner.name, keyId: partner.keyId, apiKey: partner.apiKey };
  }
  if (first === 'key') {
    const partnerId = encodeURIComponent(required(options.partnerId, '--partner-id'));
    switch (second) {
      case 'create': {
        const key = await gateway.request<IssuedKey>('POST', `/ops/partners/${partnerId}/keys`);
        return { partnerId: options.partnerId, keyId: key.keyId, apiKey: key.apiKey };
      }
      case 'revoke': {
        const keyId = encodeURIComponent(required(options.keyId, '--key-id'));
        await gateway.request('DELETE', `/ops/partners/${partnerId}/keys/${keyId}`);
        return { partnerId: options.partnerId, keyId: options.keyId, revoked: true };
      }
      case 'list':
        return gateway.request('GET', `/ops/partners/${partnerId}/keys`);
    }
  }
  throw new CliError(`Unknown partner command: ${args.join(' ')}`);
}
