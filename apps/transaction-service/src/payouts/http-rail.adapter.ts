import { requestJson, type JsonRequest } from '@platform/http';
import type { PaymentMethod } from '@shared/contracts';
import type { KeyValidation } from '@payout/rails';
import type { RailAdapter, RailBalance, RailPayoutOrder, RailPayoutState } from './rail-adapter.js';

// Answers to a new payout that mean the rail refused it outright: it holds nothing under the
// key, so failing the payout (and refunding the deposit) cannot leave a payment behind. Anything
// else that is not a success (401/403: our credentials; 409: the key names another payout; 5xx)
// may be ours to fix or may hide an accepted payout, so it is asked again and never failed.
const REFUSED = new Set([400, 422]);

export const RAIL_REJECTED = 'RAIL_REJECTED';

interface RailPayoutBody {
  readonly id: string;
  readonly status: 'ACCEPTED' | 'SETTLED' | 'FAILED';
  readonly failureReason: string | null;
}

// A rail reached over its payout API (`POST /payouts` with `Idempotency-Key`, `GET
// /payouts/{id}`, `GET /balance`): the PIX and Bre-B providers and their sandbox simulators
// speak it alike.
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
      refusedAsFailure: true,
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

  async balance(): Promise<RailBalance> {
    const response = await requestJson(new URL('/balance', this.baseUrl), {
      method: 'GET',
      timeoutMs: this.timeoutMs,
    });
    const body = response.body as Partial<RailBalance> | undefined;
    if (response.status !== 200 || typeof body?.available !== 'string' || typeof body.currency !== 'string') {
      throw new Error(`${this.rail} rail answered ${response.status} to GET /balance`);
    }
    return { currency: body.currency, available: body.available };
  }

  private async call(
    path: string,
    { refusedAsFailure = false, ...request }: Omit<JsonRequest, 'timeoutMs'> & { refusedAsFailure?: boolean },
  ): Promise<RailPayoutState> {
    const response = await requestJson(new URL(path, this.baseUrl), {
      ...request,
      timeoutMs: this.timeoutMs,
    });
    if (refusedAsFailure && REFUSED.has(response.status)) {
      return { railReference: null, status: 'FAILED', failureReason: RAIL_REJECTED };
    }
    // Any other answer leaves the payout where it is, to be asked again.
    if ((response.status !== 200 && response.status !== 202) || response.body === undefined) {
      throw new Error(`${this.rail} rail answered ${response.status} to ${request.method} ${path}`);
    }
    const body = response.body as RailPayoutBody;
    return { railReference: body.id, status: body.status, failureReason: body.failureReason };
  }
}
