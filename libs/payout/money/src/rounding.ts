// 'up' for what the customer must send (the platform is never underfunded), 'down' for what the
// customer or recipient receives (never over-promise), 'half-up' for fees.
export type RoundingDirection = 'up' | 'down' | 'half-up';

export const PAYOUT_CRYPTO_DECIMALS = 2;
export const ONRAMP_CRYPTO_DECIMALS = 6;
export const FEE_DECIMALS = 6;
