import { Injectable } from '@nestjs/common';
import { decimal, type Decimal } from '@payout/money';
import { capRefusals } from '@payout/errors';
import { RailCapsRepository, type RailKey } from './rail-caps.repository.js';

// The one rail cap a quote can answer: a quote names no user and reserves nothing, so the daily
// caps are checked (and taken) when the quote is accepted, by transaction-service.
@Injectable()
export class TransactionCap {
  constructor(private readonly caps: RailCapsRepository) {}

  async assertWithin(rail: RailKey, fiatAmount: Decimal): Promise<void> {
    const cap = await this.caps.perTransactionOf(rail);
    if (cap !== null && fiatAmount.gt(decimal(cap))) throw this.exceeded(rail, cap);
  }

  // The refusal of an amount above the rail's per-transaction cap (a numeric's text), in the words
  // transaction-service uses at accept.
  exceeded(rail: RailKey, cap: string): Error {
    return capRefusals.perTransaction(`${decimal(cap).toFixed()} ${rail.targetCurrency}`, rail.paymentMethod);
  }
}
