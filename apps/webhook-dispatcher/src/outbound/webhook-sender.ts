export enum AttemptOutcome {
  DELIVERED = 'delivered',
  HTTP_ERROR = 'http_error',
  TIMEOUT = 'timeout',
  CONNECTION_ERROR = 'connection_error',
  DNS_ERROR = 'dns_error',
  TLS_ERROR = 'tls_error',
  BLOCKED_ADDRESS = 'blocked_address',
}

export interface WebhookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  // Keep up to this many bytes of the response body (an answer to read, not a diagnosis).
  readonly keepResponseBytes?: number;
}

export interface AttemptResult {
  readonly outcome: AttemptOutcome;
  readonly statusCode: number | null;
  readonly durationMs: number;
  // The first bytes of the response body, for the partner's diagnosis; never more.
  readonly responseSnippet: string | null;
  // The body as UTF-8, up to the request's keepResponseBytes; only when it asked.
  readonly responseBody?: string;
}

// Sends one webhook request. Never throws: every failure is an outcome.
export abstract class WebhookSender {
  abstract send(request: WebhookRequest): Promise<AttemptResult>;
}
