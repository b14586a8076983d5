import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';

// The operator's view of a deployment: the gateway's ops routes, authenticated with the ops key.
// The shared key names nobody, so every request says who sends it (X-Operator, kept in the audits).
export class GatewayClient {
  constructor(
    private readonly baseUrl: string,
    private readonly opsKey: string,
    private readonly operator?: string,
  ) {}

  private headers(contentType: string): Record<string, string> {
    return {
      'x-ops-api-key': this.opsKey,
      'content-type': contentType,
      ...(this.operator ? { 'x-operator': this.operator } : {}),
    };
  }

  async request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: object,
  ): Promise<T> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: this.headers('application/json'),
      ...(body ? { body: JSON.stringify(body) } : {}),
    }).catch((error: unknown) => {
      throw new CliError(
        `Cannot reach the gateway at ${this.baseUrl} (${(error as Error).message}). Is it running?`,
      );
    });
    return answer<T>(response, method, path);
  }

  // POSTs a file as the request body, streamed from disk (an archive may be large).
  async upload<T>(path: string, file: string, contentType: string): Promise<T> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method: 'POST',
      headers: this.headers(contentType),
      body: Readable.toWeb(createReadStream(file)) as ReadableStream,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => {
      throw new CliError(
        `Cannot send ${file} to the gateway at ${this.baseUrl} (${(error as Error).message}). Is it running?`,
      );
    });
    return answer<T>(response, 'POST', path);
  }
}

async function answer<T>(response: Response, method: string, path: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new CliError(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

export class CliError extends Error {}

export function required(value: string | undefined, flagName: string): string {
  if (!value) throw new CliError(`${flagName} is required`);
  return value;
}

// `?page=…&pageSize=…` of a paged ops list, with only the flags given (the gateway's defaults
// otherwise), or nothing.
export function pageQuery(options: { page?: string | undefined; pageSize?: string | undefined }): string {
  const query = new URLSearchParams();
  if (options.page !== undefined) query.set('page', options.page);
  if (options.pageSize !== undefined) query.set('pageSize', options.pageSize);
  return query.size > 0 ? `?${query.toString()}` : '';
}
