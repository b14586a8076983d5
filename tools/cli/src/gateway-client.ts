// The operator's view of a deployment: the gateway's ops routes, authenticated with the ops key.
export class GatewayClient {
  constructor(
    private readonly baseUrl: string,
    private readonly opsKey: string,
  ) {}

  request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object): Promise<T> {
    return this.send<T>(method, path, body);
  }

  private async send<T>(method: string, path: string, body?: object): Promise<T> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: { 'x-ops-api-key': this.opsKey, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }).catch((error: unknown) => {
      throw new CliError(
        `Cannot reach the gateway at ${this.baseUrl} (${(error as Error).message}). Is it running?`,
      );
    });
    const text = await response.text();
    if (!response.ok) throw new CliError(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  }
}

export class CliError extends Error {}
