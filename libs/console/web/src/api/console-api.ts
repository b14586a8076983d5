// The payout API as the console calls it: same origin, one credential held by this object only
// (in memory: never in storage or a URL, so closing or reloading the tab signs out).
// An operator also names themself: the ops key is shared, so audit logs record that name.
export type Credential =
  | { readonly kind: 'partner'; readonly key: string }
  | { readonly kind: 'ops'; readonly key: string; readonly operator: string };

// The platform's error shape: { code, reason, retryable } (the gateway adds message), with the
// gateway's x-request-id so support can find the request in the logs. Status 0: no answer.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly reason: string,
    readonly requestId: string | null = null,
  ) {
    super(reason);
  }
}

type Query = Readonly<Record<string, string | number | undefined>>;

export class ConsoleApi {
  // `onRejected` runs when the API no longer accepts the key (401: revoked, or the ops key
  // rotated), so the console can return to sign-in instead of failing on every page.
  constructor(
    private readonly credential: Credential,
    private readonly onRejected: () => void = () => {},
  ) {}

  get kind(): Credential['kind'] {
    return this.credential.kind;
  }

  get<T>(path: string, query: Query = {}): Promise<T> {
    return this.call<T>('GET', withQuery(path, query));
  }

  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: object): Promise<T> {
    return this.call<T>(method, path, body);
  }

  // A file the API streams (a CSV export): fetched with the key like any read, handed over whole.
  async download(path: string, query: Query = {}): Promise<Blob> {
    return (await this.request('GET', withQuery(path, query))).blob();
  }

  private async call<T>(method: string, path: string, body?: object): Promise<T> {
    const text = await (await this.request(method, path, body)).text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  private async request(method: string, path: string, body?: object): Promise<Response> {
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
    }).catch(() => {
      throw new ApiError(0, 'unreachable', 'The console could not reach the API.');
    });
    if (response.ok) return response;
    if (response.status === 401) this.onRejected();
    const error = parsedError(await response.text());
    throw new ApiError(
      response.status,
      error.code ?? 'server_error',
      error.reason ?? error.message ?? (response.statusText || `HTTP ${response.status}`),
      response.headers.get('x-request-id'),
    );
  }
}

// A failing proxy may answer HTML or nothing: only the platform's JSON error is read.
function parsedError(text: string): { code?: string; reason?: string; message?: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
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
