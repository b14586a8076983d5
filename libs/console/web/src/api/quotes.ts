// quote-service's answers: GET /public/corridors and POST /quote.
export interface PublicCorridor {
  readonly blockchain: string;
  readonly cryptoCurrency: string;
  readonly paymentMethod: string;
  readonly targetCurrency: string;
  readonly minAmount: number | null;
  readonly maxAmount: number | null;
}

export interface Quote {
  readonly quote_id: string;
  // The crypto to deposit, fee included.
  readonly value: number;
  readonly expiration_time: number;
  readonly fee: { readonly amount: string; readonly currency: string; readonly type: string };
}

export const corridorName = (corridor: PublicCorridor) =>
  `${corridor.cryptoCurrency} on ${corridor.blockchain} → ${corridor.targetCurrency} by ${corridor.paymentMethod}`;
