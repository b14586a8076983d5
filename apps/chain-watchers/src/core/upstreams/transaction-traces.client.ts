import { Inject, Injectable } from '@nestjs/common';
import { InternalHttpClient, InternalTokenService } from '@platform/http';
import { LOGGER, type Logger } from '@platform/logging';
import { ServiceName, type TransactionTraceResponse } from '@shared/contracts';
import { ChainWatchersConfig } from '../chain-watchers.config.js';

// Tracing must never hold a deposit up: a slow or absent answer leaves the deposit in the
// watcher's own trace.
const TIMEOUT_MS = 2_000;

export interface TransactionTrace {
  readonly transactionId: string;
  readonly traceparent: string | null;
}

// Which transaction a memo-bound deposit's reference names, and the trace it was created in
// (transaction-service's): asked once per deposit found, not per request.
@Injectable()
export class TransactionTracesClient {
  private readonly http: InternalHttpClient;

  constructor(
    private readonly config: ChainWatchersConfig,
    tokens: InternalTokenService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.http = new InternalHttpClient(ServiceName.ChainWatchers, tokens, TIMEOUT_MS);
  }

  // Null when no transaction has the reference, or transaction-service did not answer.
  async ofReference(reference: string): Promise<TransactionTrace | null> {
    const url = new URL('/internal/transaction-traces', this.config.TRANSACTION_SERVICE_URL);
    url.searchParams.set('reference', reference);
    try {
      const { transactionId, traceparent } = await this.http.getJson<TransactionTraceResponse>(
        url.toString(),
      );
      return transactionId ? { transactionId, traceparent } : null;
    } catch (error) {
      this.logger.warn(
        { err: error },
        "transaction's trace not found; the deposit is reported in the watcher's",
      );
      return null;
    }
  }
}
