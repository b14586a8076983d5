import { ApiError, ConsoleApi, type Credential } from '../api/console-api.js';

export interface Session {
  readonly api: ConsoleApi;
  // Shown in the header: the partner's name.
  readonly name: string;
}

// Checks the key before the console shows anything: a partner key must name a partner.
export async function signIn(credential: Credential): Promise<Session> {
  const api = new ConsoleApi(credential);
  const partner = await api.get<{ id: string; name: string }>('/partner');
  return { api, name: partner.name };
}

export function signInFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return 'That key was not accepted.';
  return 'The console could not reach the API. Try again.';
}
