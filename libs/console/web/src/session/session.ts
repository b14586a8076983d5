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
// (GET /partner), the ops key must open an ops route (GET /ops/corridors). The session's client
// calls `onRejected` once the key stops being accepted; the check's refusal is only this
// function's error.
export async function signIn(credential: Credential, onRejected: () => void): Promise<Session> {
  const check = new ConsoleApi(credential);
  const api = new ConsoleApi(credential, onRejected);
  const keyPrefix = displayPrefixOf(credential.key);
  if (credential.kind === 'ops') {
    await check.get('/ops/corridors');
    return { api, name: `${credential.operator} (operator)`, keyPrefix };
  }
  const partner = await check.get<{ id: string; name: string }>('/partner');
  return { api, name: partner.name, keyPrefix };
}

export function signInFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return 'That key was not accepted.';
  return 'The console could not reach the API. Try again.';
}

// Shown on sign-in when a session's key stopped being accepted.
export const SESSION_ENDED =
  'You were signed out: the API no longer accepts the key this session used (it may have been revoked). Sign in again.';
