import { formatUnits } from 'ethers';

// A raw on-chain integer amount as a decimal string in whole tokens, without trailing zeros.
export function tokenAmount(raw: bigint, decimals: number): string {
  return trimDecimal(formatUnits(raw, decimals));
}

export function trimDecimal(amount: string): string {
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}
