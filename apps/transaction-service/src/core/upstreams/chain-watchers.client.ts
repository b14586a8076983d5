import { Injectable } from '@nestjs/common';
import { InternalHttpClient, InternalTokenService } from '@platform/http';
import {
  ServiceName,
  type ChainLedgerResponse,
  type OpenDepositAccountRequest,
  type OpenDepositAccountResponse,
  type VerifyTransferRequest,
  type VerifyTransferResponse,
} from '@shared/contracts';
import { TransactionServiceConfig } from '../transaction-service.config.js';
import { FundingError, FundingErrorCode } from '../errors/funding.errors.js';
import { TransactionError, TransactionErrorCode } from '../errors/transaction.errors.js';

// Chain I/O and keys live in chain-watchers; transaction-service only asks what a transaction
// did, and where a new Solana or Celo transaction is to be paid.
@Injectable()
export class ChainWatchersClient {
  private readonly http: InternalHttpClient;

  constructor(
    private readonly config: TransactionServiceConfig,
    tokens: InternalTokenService,
  ) {
    // Verification reads a chain: give it longer than a database-backed internal call.
    this.http = new InternalHttpClient(ServiceName.TransactionService, tokens, 15_000);
  }

  async verify(request: VerifyTransferRequest): Promise<VerifyTransferResponse> {
    try {
      return await this.http.postJson<VerifyTransferResponse>(
        new URL('/internal/verify', this.config.CHAIN_WATCHERS_URL).toString(),
        request,
      );
    } catch (cause) {
      // The cause stays in the log (5xx are logged with it), never in the body.
      const error = new FundingError(
        FundingErrorCode.CHAIN_UNAVAILABLE,
        'The chain could not be read; try again',
      );
      error.cause = cause;
      throw error;
    }
  }

  // The transaction's own deposit address (derived by chain-watchers), or null when chain-watchers
  // has none to give on that chain (no master secret).
  async openDepositAccount(request: OpenDepositAccountRequest): Promise<string | null> {
    try {
      const answer = await this.http.postJson<OpenDepositAccountResponse>(
        new URL('/internal/deposit-accounts', this.config.CHAIN_WATCHERS_URL).toString(),
        request,
      );
      return answer.address;
    } catch (cause) {
      throw unavailable(cause);
    }
  }

  // The chain side of the books: transfers in and sweeps out, per chain and currency.
  async ledger(): Promise<ChainLedgerResponse> {
    try {
      return await this.http.getJson<ChainLedgerResponse>(
        new URL('/internal/ledger', this.config.CHAIN_WATCHERS_URL).toString(),
      );
    } catch (cause) {
      throw unavailable(cause);
    }
  }
}

function unavailable(cause: unknown): TransactionError {
  const error = new TransactionError(
    TransactionErrorCode.UPSTREAM_UNAVAILABLE,
    'The chain-watchers service did not answer; try again',
  );
  error.cause = cause;
  return error;
}
