import { Injectable } from '@nestjs/common';
import { PAYMENT_RAILS } from '@payout/rails';
import type { PaymentMethod } from '@shared/contracts';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { HttpRailAdapter } from './http-rail.adapter.js';
import type { RailAdapter } from './rail-adapter.js';

// The rail of each payment method, as configured: every rail of @payout/rails, reached over its
// payout API at its configured URL, checking recipient keys by the rail's own rules.
@Injectable()
export class RailAdapters {
  private readonly byMethod: ReadonlyMap<PaymentMethod, RailAdapter>;

  constructor(config: TransactionServiceConfig) {
    this.byMethod = new Map(
      Object.values(PAYMENT_RAILS).map((rail) => [
        rail.method,
        new HttpRailAdapter(
          rail.method,
          config.railUrlOf(rail.method),
          rail.validateRecipientKey,
          config.RAIL_TIMEOUT_MS,
        ),
      ]),
    );
  }

  of(method: PaymentMethod): RailAdapter {
    const adapter = this.byMethod.get(method);
    if (!adapter) throw new Error(`No rail adapter for ${method}`);
    return adapter;
  }
}
