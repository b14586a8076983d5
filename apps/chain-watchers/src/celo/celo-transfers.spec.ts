import { describe, expect, it } from '@jest/globals';
import { id, zeroPadValue, toBeHex } from 'ethers';
import { Blockchain, CryptoCurrency } from '@shared/contracts';
import type { ChainView } from '../core/upstreams/chain-registry.js';
import { celoTransfers } from './celo-transfers.js';

const TOKEN = '0x1111111111111111111111111111111111111111';
const OTHER_TOKEN = '0x2222222222222222222222222222222222222222';
const DEPOSIT = '0x3333333333333333333333333333333333333333';
const SENDER = '0x4444444444444444444444444444444444444444';
const STRANGER = '0x5555555555555555555555555555555555555555';

const chain: ChainView = {
  addresses: [
    { blockchain: Blockchain.CELO, address: DEPOSIT, active: true, activatedAt: '', retiredAt: null },
  ],
  assets: [
    { blockchain: Blockchain.CELO, cryptoCurrency: CryptoCurrency.USDC, mintAddress: TOKEN, decimals: 6 },
  ],
};
const topic = (address: string) => zeroPadValue(address, 32);
const transfer = (index: number, token: string, to: string, raw: bigint) => ({
  index,
  address: token,
  topics: [id('Transfer(address,address,uint256)'), topic(SENDER), topic(to)],
  data: toBeHex(raw, 32),
});

describe(celoTransfers.name, () => {
  it('sums the Transfer logs of the active token to a deposit address and ignores the rest', () => {
    const logs = [
      transfer(0, TOKEN, DEPOSIT, 1_000_000n),
      transfer(1, OTHER_TOKEN, DEPOSIT, 5_000_000n),
      transfer(2, TOKEN, STRANGER, 7_000_000n),
      transfer(3, TOKEN, DEPOSIT.toUpperCase().replace('0X', '0x'), 2_500_000n),
      {
        index: 4,
        address: TOKEN,
        topics: [id('Approval(address,address,uint256)'), topic(SENDER), topic(DEPOSIT)],
        data: toBeHex(9n, 32),
      },
    ];
    expect(
      celoTransfers({ hash: '0xabc', logs: logs as never }, chain, null, '2026-01-01T00:00:00.000Z'),
    ).toEqual([
      {
        blockchain: 'CELO',
        onChainTx: '0xabc',
        transferIndex: 0,
        cryptoCurrency: 'USDC',
        asset: TOKEN,
        depositAddress: DEPOSIT,
        sender: SENDER,
        amount: '3.5',
        memo: null,
        transactionId: null,
        confirmedAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('reports nothing when no log pays a deposit address', () => {
    expect(
      celoTransfers({ hash: '0xabc', logs: [transfer(0, TOKEN, STRANGER, 1n)] as never }, chain, null, ''),
    ).toEqual([]);
  });
});
