// What the benches' bare servers share. The API key check is api-gateway's, done bare:
// HMAC-SHA256 of the presented key with the pepper, the active key read by that hash and kept
// API_KEY_CACHE_MS (5 s, the gateway's default). A promise is kept, so a burst of requests
// reads the key once.
import { createHmac } from 'node:crypto';

const KEY_CACHE_MS = 5_000;

export const UNAUTHORIZED = [401, { code: 'unauthorized', reason: 'Missing or invalid API key' }];

// `partnerOf(apiKey)` resolves the partner id of an active key, or null.
export function apiKeyPartners(pool, pepper) {
  const keys = new Map();
  function activeKey(hash) {
    const now = Date.now();
    const hit = keys.get(hash);
    if (hit && hit.expiresAt > now) return hit.key;
    const key = pool
      .query({
        name: 'key',
        text: 'SELECT * FROM "api_gateway"."api_key" WHERE "key_hash" = $1 AND "revoked_at" IS NULL',
        values: [hash],
      })
      .then(({ rows }) => rows[0] ?? null);
    keys.set(hash, { key, expiresAt: now + KEY_CACHE_MS });
    return key;
  }
  return async function partnerOf(apiKey) {
    if (typeof apiKey !== 'string' || !apiKey) return null;
    const key = await activeKey(createHmac('sha256', pepper).update(apiKey.trim()).digest('hex'));
    return key?.partner_id ?? null;
  };
}

export function sendJson(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
