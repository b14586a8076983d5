// The payout API as the console calls it: same origin, one credential held by this object only
// (in memory: never in storage or a URL, so closing or reloading the tab signs out).
// An operator also names themself: the ops key is shared, so audit logs record that name.
export type Credential =
  | { readonly kind: 'partner'; readonly key: string }
  | { readonly kind: 'ops'; readonly key: string; readonly operator: string };

// The platform's error shape: { code, reason, retryable } (the gateway adds message).
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

type Query = Readonly<Record<string, string | number | undefined>>;

export class ConsoleApi {
  constructor(private readonly credential: Credential) {}

  get kind(): Credential['kind'] {
    return this.credential.kind;
  }

  get<T>(path: string, query: Query = {}): Promise<T> {
    return this.call<T>('GET', withQuery(path, query));
  }

  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: object): Promise<T> {
    return this.call<T>(method, path, body);
  }

  private async call<T>(method: string, path: string, body?: object): Promise<T> {
    const headers: Record<string, string> =
      this.credential.kind === 'ops'
        ? { 'X-OPS-API-KEY': this.credential.key, 'X-Operator': this.credential.operator }
        : { 'X-API-Key': this.credential.key };
    if (body) headers['Content-Type'] = 'application/json';
    const response = await fetch(path, {
      method,
      headers,
      body: body ? JSON.stringify(body) : null,
      credentials: 'omit',
      cache: 'no-store',
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) {
      const error = (parsed ?? {}) as { code?: string; reason?: string; message?: string };
      throw new ApiError(
        response.status,
        error.code ?? 'server_error',
        error.reason ?? error.message ?? response.statusText,
      );
    }
    return parsed as T;
  }
}

function withQuery(path: string, query: Query): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
