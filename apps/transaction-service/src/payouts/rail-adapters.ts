import { Injectable } from '@nestjs/common';
import { PaymentMethod } from '@shared/contracts';
import { validateBrebKey } from '../recipients/breb-key.validator.js';
import { validatePixKey } from '../recipients/pix-key.validator.js';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { HttpRailAdapter } from './http-rail.adapter.js';
import type { RailAdapter } from './rail-adapter.js';

// The rail of each payment method, as configured.
@Injectable()
export class RailAdapters {
  private readonly byMethod: Readonly<Record<PaymentMethod, RailAdapter>>;

  constructor(config: TransactionServiceConfig) {
    this.byMethod = {
      [PaymentMethod.PIX]: new HttpRailAdapter(
        PaymentMethod.PIX,
        config.PIX_RAIL_URL,
        validatePixKey,
        config.RAIL_TIMEOUT_MS,
      ),
      [PaymentMethod.BREB]: new HttpRailAdapter(
        PaymentMethod.BREB,
        config.BREB_RAIL_URL,
        validateBrebKey,
        config.RAIL_TIMEOUT_MS,
      ),
    };
  }

  of(method: PaymentMethod): RailAdapter {
    return this.byMethod[method];
  }
}
