import { CliError, pageQuery, required, type GatewayClient } from './gateway-client.js';
import { setKyb } from './kyb-commands.js';

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
  // Created with its business verification (KYB) pending instead of approved.
  readonly pending?: boolean | undefined;
  // `partner key quota`: the most active keys, or `default` (API_KEY_QUOTA_DEFAULT).
  readonly max?: string | undefined;
  readonly page?: string | undefined;
  readonly pageSize?: string | undefined;
}

// `partner create [--pending]`, `partner key create|revoke|list|quota`. Each prints one JSON
// object; API keys appear only here, once.
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
    const created = {
      partnerId: partner.partnerId,
      name: partner.name,
      keyId: partner.keyId,
      apiKey: partner.apiKey,
    };
    if (!options.pending) return created;
    // The key is shown once: it must reach the operator even if the KYB step fails.
    await setKyb(gateway, `/ops/partner-kyb/${partner.partnerId}`, 'pending').catch((error: unknown) => {
      throw new CliError(
        `Partner created, KYB still approved: ${JSON.stringify(created)}\n${(error as Error).message}`,
      );
    });
    return { ...created, kyb: 'pending' };
  }
  if (first === 'key') {
    const partnerId = encodeURIComponent(required(options.partnerId, '--partner-id'));
    switch (second) {
      case 'create': {
        const named = options.name === undefined ? undefined : { name: options.name };
        const key = await gateway.request<IssuedKey>('POST', `/ops/partners/${partnerId}/keys`, named);
        return { partnerId: options.partnerId, ...named, keyId: key.keyId, apiKey: key.apiKey };
      }
      case 'revoke': {
        const keyId = encodeURIComponent(required(options.keyId, '--key-id'));
        await gateway.request('DELETE', `/ops/partners/${partnerId}/keys/${keyId}`);
        return { partnerId: options.partnerId, keyId: options.keyId, revoked: true };
      }
      case 'list':
        return gateway.request('GET', `/ops/partners/${partnerId}/keys${pageQuery(options)}`);
      case 'quota':
        return gateway.request('PUT', `/ops/partners/${partnerId}/key-quota`, {
          maxActiveKeys: keyQuotaOf(required(options.max, '--max')),
        });
    }
  }
  throw new CliError(`Unknown partner command: ${args.join(' ')}`);
}

// A whole number is sent as one, so the gateway's refusal names a bad value; `default` is null.
function keyQuotaOf(max: string): number | string | null {
  if (max === 'default') return null;
  return /^\d+$/.test(max) ? Number(max) : max;
}
