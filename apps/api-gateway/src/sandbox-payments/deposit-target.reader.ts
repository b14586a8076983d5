import { Injectable } from '@nestjs/common';
import { InternalTokenService } from '@platform/http';
import { INTERNAL_IDENTITY_HEADER, type TransactionStatus } from '@shared/contracts';
import { GatewayConfig } from '../core/api-gateway.config.js';

// What the sandbox needs of a transaction: whose it is, where it stands, until when its quote
// holds and where to pay.
export interface TransactionDepositTarget {
  readonly partnerId: string;
  readonly userId: string;
  readonly status: TransactionStatus;
  readonly quoteExpiresAt: Date;
  // transaction-service's payment_context, passed to the sandbox as it is.
  readonly paymentContext: Readonly<Record<string, unknown>>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Reads a transaction's deposit target from transaction-service's operations view (the partner
// view does not carry it); the caller checks that the transaction is the partner's.
@Injectable()
export class DepositTargetReader {
  constructor(
    private readonly gateway: GatewayConfig,
    private readonly tokens: InternalTokenService,
  ) {}

  async find(transactionId: string): Promise<TransactionDepositTarget | null> {
    if (!UUID.test(transactionId)) return null;
    const response = await fetch(
      `${this.gateway.TRANSACTION_SERVICE_URL}/ops/transactions/${transactionId}`,
      {
        headers: { [INTERNAL_IDENTITY_HEADER]: await this.tokens.sign({ kind: 'ops' }) },
        signal: AbortSignal.timeout(this.gateway.PROXY_TIMEOUT_MS),
      },
    );
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`transaction-service answered ${response.status}`);
    const body = (await response.json()) as {
      partnerId: string;
      userId: string;
      status: TransactionStatus;
      quoteExpiresAt: string;
      payment_context: Record<string, unknown>;
    };
    return {
      partnerId: body.partnerId,
      userId: body.userId,
      status: body.status,
      quoteExpiresAt: new Date(body.quoteExpiresAt),
      paymentContext: body.payment_context,
    };
  }
}
