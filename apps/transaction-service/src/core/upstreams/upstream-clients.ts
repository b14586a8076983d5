import { Injectable } from '@nestjs/common';
import { InternalHttpClient, InternalHttpError, InternalTokenService } from '@platform/http';
import { ServiceName, type InternalQuoteView } from '@shared/contracts';
import { TransactionServiceConfig } from '../transaction-service.config.js';
import { TransactionError, TransactionErrorCode } from '../errors/transaction.errors.js';

export interface KycStanding {
  readonly hasApproved: boolean;
}

// What transaction-service asks other services while it answers a request: the quote being
// accepted (quote-service) and the user's KYC standing (kyc-service).
@Injectable()
export class UpstreamClients {
  private readonly http: InternalHttpClient;

  constructor(
    private readonly config: TransactionServiceConfig,
    tokens: InternalTokenService,
  ) {
    this.http = new InternalHttpClient(ServiceName.TransactionService, tokens);
  }

  // Null when the quote does not exist for this partner.
  async quote(partnerId: string, quoteId: string): Promise<InternalQuoteView | null> {
    const url = new URL(`/internal/quotes/${encodeURIComponent(quoteId)}`, this.config.QUOTE_SERVICE_URL);
    url.searchParams.set('partnerId', partnerId);
    try {
      return await this.http.getJson<InternalQuoteView>(url.toString());
    } catch (error) {
      if (error instanceof InternalHttpError && error.status === 404) return null;
      throw unavailable('quote', error);
    }
  }

  async kyc(partnerId: string, userId: string): Promise<KycStanding> {
    const url = new URL('/internal/kyc/status', this.config.KYC_SERVICE_URL);
    url.searchParams.set('partnerId', partnerId);
    url.searchParams.set('userId', userId);
    try {
      return await this.http.getJson<KycStanding>(url.toString());
    } catch (error) {
      throw unavailable('KYC', error);
    }
  }
}

// The cause stays in the log (the filter logs 5xx errors with their cause), never in the body.
function unavailable(service: string, cause: unknown): TransactionError {
  const error = new TransactionError(
    TransactionErrorCode.UPSTREAM_UNAVAILABLE,
    `The ${service} service did not answer; try again`,
  );
  error.cause = cause;
  return error;
}
