// The deposit target of a transaction as `GET /ops/transactions/{id}` shows it (payment_context).
export interface DepositTarget {
  readonly blockchain: 'STELLAR' | 'SOLANA' | 'CELO';
  readonly cryptoCurrency: 'USDC' | 'USDT';
  readonly depositAddress: string;
  readonly amount: number;
  readonly decimals: number | null;
  readonly memo: string | null;
  readonly mintAddress: string | null;
  readonly rpcUrl: string | null;
}

export interface DepositOptions {
  // Decimal string in whole tokens; the target's amount when absent.
  readonly amount?: string | undefined;
  // Stellar: pay without the memo (the deposit cannot be matched automatically).
  readonly withoutMemo?: boolean;
  // Which funded customer wallet pays (customerRole(index)); the first one when absent.
  readonly customer?: number;
}

export interface DepositReceipt {
  readonly blockchain: DepositTarget['blockchain'];
  readonly onChainTx: string;
}

// The amount as an exact decimal string: JSON numbers such as 101.02 print exactly as sent.
export function depositAmount(target: DepositTarget, options: DepositOptions): string {
  const amount = options.amount ?? String(target.amount);
  if (!/^\d+(\.\d+)?$/.test(amount) || /^0+(\.0+)?$/.test(amount))
    throw new Error(`amount must be a positive decimal, got ${amount}`);
  return amount;
}

const POLL_MS = 50;
const CONFIRM_WAIT_MS = 10_000;

// Asks `check` every 50 ms until it answers (a confirmed transfer's receipt), for at most 10 s.
export async function pollConfirmation<T>(what: string, check: () => Promise<T | null>): Promise<T> {
  for (const deadline = Date.now() + CONFIRM_WAIT_MS; Date.now() < deadline;) {
    const answer = await check();
    if (answer !== null) return answer;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${what} was not confirmed within ${CONFIRM_WAIT_MS} ms`);
}
