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
