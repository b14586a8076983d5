import type { PaymentMethod } from '@shared/contracts';

export interface RailPayoutOrder {
  // The rail's idempotency key: the same for every attempt of one transaction's payout.
  readonly idempotencyKey: string;
  readonly reference: string;
  // Decimal string, at most 2 decimals.
  readonly amount: string;
  readonly currency: string;
  readonly recipientKey: string;
  readonly callbackUrl: string | null;
}

// What a rail says about a payout. ACCEPTED: it has it and will settle or fail it later.
export interface RailPayoutState {
  // Null when the payout was refused before reaching the rail.
  readonly railReference: string | null;
  readonly status: 'ACCEPTED' | 'SETTLED' | 'FAILED';
  readonly failureReason: string | null;
}

// What a rail can pay out now, in its currency.
export interface RailBalance {
  readonly currency: string;
  // Decimal string.
  readonly available: string;
}

// One fiat rail (PIX, Bre-B). `send` is safe to repeat with the same idempotency key: the rail
// answers the payout it already has instead of paying again.
export interface RailAdapter {
  readonly rail: PaymentMethod;
  // Null when the key is one the rail can pay, else why not.
  accountProblem(recipientKey: string): string | null;
  send(order: RailPayoutOrder): Promise<RailPayoutState>;
  status(railReference: string): Promise<RailPayoutState>;
  balance(): Promise<RailBalance>;
}
