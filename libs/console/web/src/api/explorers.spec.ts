import { describe, expect, it } from '@jest/globals';
import { explorerUrl } from './explorers.js';

describe(explorerUrl.name, () => {
  it.each([
    ['STELLAR', 'ab12', 'https://stellar.expert/explorer/public/tx/ab12'],
    ['SOLANA', '5h3Xy', 'https://explorer.solana.com/tx/5h3Xy'],
    ['CELO', '0xdeadbeef', 'https://celoscan.io/tx/0xdeadbeef'],
  ])('links a %s transfer to its mainnet explorer', (blockchain, hash, url) => {
    expect(explorerUrl(blockchain, hash)).toBe(url);
  });

  it('escapes the hash and knows no other chain', () => {
    expect(explorerUrl('SOLANA', 'a/b?c')).toBe('https://explorer.solana.com/tx/a%2Fb%3Fc');
    expect(explorerUrl('BITCOIN', 'ab12')).toBeNull();
  });
});
