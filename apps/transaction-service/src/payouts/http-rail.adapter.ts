import type { PaymentMethod } from '@shared/contracts';
import type { KeyValidation } from '../recipients/key-validation.js';
import type { RailAdapter, RailPayoutOrder, RailPayoutState } from './rail-adapter.js';

interface RailPayoutBody {
  readonly id: string;
  readonly status: 'ACCEPTED' | 'SETTLED' | 'FAILED';
  readonly failureReason: string | null;
}

// A rail reached over its payout API (`POST /payouts` with `Idempotency-Key`, `GET
// /payouts/{id}`): the PIX and Bre-B providers and their sandbox simulators speak it alike.
export class HttpRailAdapter implements RailAdapter {
  constructor(
    readonly rail: PaymentMethod,
    private readonly baseUrl: string,
    private readonly validateKey: (key: string) => KeyValidation<string>,
    private readonly timeoutMs: number,
  ) {}

  accountProblem(recipientKey: string): string | null {
    const validation = this.validateKey(recipientKey);
    return validation.valid ? null : validation.reason;
  }

  async send(order: RailPayoutOrder): Promise<RailPayoutState> {
    return this.call('/payouts', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': order.idempotencyKey },
      body: JSON.stringify({
        reference: order.reference,
        amount: order.amount,
        currency: order.currency,
        recipient: { key: order.recipientKey },
        ...(order.callbackUrl ? { callbackUrl: order.callbackUrl } : {}),
      }),
    });
  }

  status(railReference: string): Promise<RailPayoutState> {
    return this.call(`/payouts/${encodeURIComponent(railReference)}`, { method: 'GET' });
  }

  private async call(path: string, init: RequestInit): Promise<RailPayoutState> {
    const response = await fetch(new URL(path, this.baseUrl), {
      ...init,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // Any other answer (a refusal, a 5xx) leaves the payout where it is, to be asked again.
    if (response.status !== 200 && response.status !== 202) {
      throw new Error(`${this.rail} rail answered ${response.status} to ${init.method} ${path}`);
    }
    const body = (await response.json()) as RailPayoutBody;
    return { railReference: body.id, status: body.status, failureReason: body.failureReason };
  }
}
