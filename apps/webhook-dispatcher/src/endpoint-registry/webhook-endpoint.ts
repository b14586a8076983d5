// A partner's receiver with its signing secrets in clear: only the repository seals them.
export interface WebhookEndpoint {
  readonly id: string;
  readonly partnerId: string;
  readonly url: string;
  readonly secret: string;
  readonly secretCreatedAt: Date;
  readonly previousSecret: string | null;
  readonly previousSecretExpiresAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

// The secrets that sign at `now`, newest first: the previous one only during its grace period.
export function signingSecrets(endpoint: WebhookEndpoint, now: Date): string[] {
  const previousValid =
    endpoint.previousSecret !== null &&
    endpoint.previousSecretExpiresAt !== null &&
    endpoint.previousSecretExpiresAt > now;
  return previousValid ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}
