import { decimal } from '@payout/money';
import type { PaymentRequest } from '../chain-rail.js';

// EIP-681's call of an ERC-20 token's `transfer`: the contract, the chain, and the amount as an
// integer of the token's base units (EIP-681 has no decimal amounts for a token); null for an
// amount finer than the token's base unit, which no transfer can carry.
export function erc20TransferUri(
  chainId: number,
  { destination, amount, tokenId, decimals }: PaymentRequest,
): string | null {
  const baseUnits = decimal(amount).times(decimal(10).pow(decimals));
  if (!baseUnits.isInteger()) return null;
  return `ethereum:${tokenId}@${chainId}/transfer?address=${destination}&uint256=${baseUnits.toFixed(0)}`;
}
