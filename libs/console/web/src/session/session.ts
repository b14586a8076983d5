import { displayPrefixOf } from '../api/api-keys.js';
import { ApiError, ConsoleApi, type Credential } from '../api/console-api.js';

export interface Session {
  readonly api: ConsoleApi;
  // Shown in the header: the partner's name, or the operator's.
  readonly name: string;
  // The display prefix of the key this session signed in with, so the console can warn before
  // it is revoked.
  readonly keyPrefix: string;
}

// Checks the key before the console shows anything: a partner key must name a partner
// (GET /partner), the ops key must open an ops route (GET /ops/corridors).
export async function signIn(credential: Credential): Promise<Session> {
  const api = new ConsoleApi(credential);
  if (credential.kind === 'ops') {
    await api.get('/ops/corridors');
    return { api, name: `${credential.operator} (operator)`, keyPrefix: displayPrefixOf(credential.key) };
  }
  const partner = await api.get<{ id: string; name: string }>('/partner');
  return { api, name: partner.name, keyPrefix: displayPrefixOf(credential.key) };
}

export function signInFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return 'That key was not accepted.';
  return 'The console could not reach the API. Try again.';
}
