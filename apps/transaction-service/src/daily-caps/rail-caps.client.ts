import { Injectable } from '@nestjs/common';
import { InternalHttpClient, InternalTokenService } from '@platform/http';
import { ServiceName, type PaymentMethod, type RailCapsView } from '@shared/contracts';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { TransactionError, TransactionErrorCode } from '../core/errors/transaction.errors.js';

// The rails' caps as operators set them at quote-service, read for each accept (never cached: a
// lowered cap holds from the next accept on every replica).
@Injectable()
export class RailCapsClient {
  private readonly http: InternalHttpClient;

  constructor(
    private readonly config: TransactionServiceConfig,
    tokens: InternalTokenService,
  ) {
    this.http = new InternalHttpClient(ServiceName.TransactionService, tokens);
  }

  async all(): Promise<RailCapsView[]> {
    try {
      return await this.http.getJson<RailCapsView[]>(
        new URL('/internal/rail-caps', this.config.QUOTE_SERVICE_URL).toString(),
      );
    } catch (cause) {
      // The cause stays in the log (the filter logs 5xx errors with their cause), never in the body.
      const error = new TransactionError(
        TransactionErrorCode.UPSTREAM_UNAVAILABLE,
        'The quote service did not answer; try again',
      );
      error.cause = cause;
      throw error;
    }
  }

  // Null when the rail has no caps row: nothing capped.
  async of(paymentMethod: PaymentMethod): Promise<RailCapsView | null> {
    return (await this.all()).find((caps) => caps.paymentMethod === paymentMethod) ?? null;
  }
}
