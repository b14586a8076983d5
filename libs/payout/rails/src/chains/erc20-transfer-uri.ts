import { decimal } from '@payout/money';
import type { PaymentRequest } from '../chain-rail.js';

// EIP-681's call of an ERC-20 token's `transfer`: the contract, the chain, and the amount as an
// integer of the token's base units (EIP-681 has no decimal amounts for a token).
export function erc20TransferUri(
  chainId: number,
  { destination, amount, tokenId, decimals }: PaymentRequest,
) {
  const baseUnits = decimal(amount).times(decimal(10).pow(decimals));
  if (!baseUnits.isInteger()) {
    throw new RangeError(`${amount} has more than the token's ${decimals} decimals`);
  }
  return `ethereum:${tokenId}@${chainId}/transfer?address=${destination}&uint256=${baseUnits.toFixed(0)}`;
}
