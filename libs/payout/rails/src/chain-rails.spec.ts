import { describe, expect, it } from '@jest/globals';
import { Blockchain } from '@shared/contracts';
import {
  addressProblem,
  CHAIN_RAILS,
  chainRail,
  NOTIFIED_TRANSFER_ID,
  sameAddress,
  transferIdProblem,
} from './chain-rails.js';

const STELLAR_ACCOUNT = 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
const SOLANA_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const CELO_TOKEN = '0xcebA9300f2b948710d2653dD7B07f33A8B32118C';
const SOLANA_SIGNATURE = '5'.repeat(88);
const EVM_HASH = `0x${'ab'.repeat(32)}`;

describe('CHAIN_RAILS', () => {
  it('holds one record per chain, filed under its own chain', () => {
    for (const blockchain of Object.values(Blockchain)) {
      expect(chainRail(blockchain).blockchain).toBe(blockchain);
    }
    expect(Object.keys(CHAIN_RAILS).sort()).toEqual(Object.values(Blockchain).sort());
  });

  it('binds Stellar transfers by memo and Solana and Celo transfers by their own address', () => {
    expect(chainRail(Blockchain.STELLAR).binding).toBe('memo');
    expect(chainRail(Blockchain.SOLANA).binding).toBe('address');
    expect(chainRail(Blockchain.CELO).binding).toBe('address');
  });

  it('keeps the issuer of a Stellar asset and takes a mint or token contract as it is', () => {
    expect(chainRail(Blockchain.STELLAR).tokenIdOf(`${STELLAR_ACCOUNT}:USDC`)).toBe(STELLAR_ACCOUNT);
    expect(chainRail(Blockchain.SOLANA).tokenIdOf(SOLANA_MINT)).toBe(SOLANA_MINT);
    expect(chainRail(Blockchain.CELO).tokenIdOf(CELO_TOKEN)).toBe(CELO_TOKEN);
  });
});

describe('paymentUri', () => {
  const request = { amount: '101.02', assetCode: 'USDC', decimals: 6, memo: null };

  it('asks a Stellar wallet for a SEP-7 payment of the asset by code and issuer, with the text memo', () => {
    expect(
      chainRail(Blockchain.STELLAR).paymentUri({
        ...request,
        destination: STELLAR_ACCOUNT,
        tokenId: STELLAR_ACCOUNT,
        decimals: 7,
        memo: 'AB12 CD+/=',
      }),
    ).toBe(
      `web+stellar:pay?destination=${STELLAR_ACCOUNT}&amount=101.02&asset_code=USDC&asset_issuer=${STELLAR_ACCOUNT}&memo=AB12%20CD%2B%2F%3D&memo_type=MEMO_TEXT`,
    );
  });

  it('asks a Solana wallet for a Solana Pay transfer of the mint to the deposit address', () => {
    expect(
      chainRail(Blockchain.SOLANA).paymentUri({ ...request, destination: SOLANA_MINT, tokenId: SOLANA_MINT }),
    ).toBe(`solana:${SOLANA_MINT}?amount=101.02&spl-token=${SOLANA_MINT}`);
  });

  it("asks an EVM wallet for EIP-681's token transfer in base units on Celo's chain id", () => {
    const destination = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
    const celo = chainRail(Blockchain.CELO);

    expect(celo.paymentUri({ ...request, destination, tokenId: CELO_TOKEN })).toBe(
      `ethereum:${CELO_TOKEN}@42220/transfer?address=${destination}&uint256=101020000`,
    );
    expect(celo.paymentUri({ ...request, amount: '0.0000001', destination, tokenId: CELO_TOKEN })).toBeNull();
  });
});

describe(sameAddress.name, () => {
  it('folds case on EVM chains only', () => {
    expect(sameAddress(Blockchain.CELO, CELO_TOKEN, CELO_TOKEN.toLowerCase())).toBe(true);
    expect(sameAddress(Blockchain.SOLANA, SOLANA_MINT, SOLANA_MINT.toLowerCase())).toBe(false);
    expect(sameAddress(Blockchain.STELLAR, STELLAR_ACCOUNT, STELLAR_ACCOUNT)).toBe(true);
  });
});

describe(addressProblem.name, () => {
  it.each([
    [Blockchain.STELLAR, STELLAR_ACCOUNT],
    [Blockchain.SOLANA, SOLANA_MINT],
    [Blockchain.CELO, CELO_TOKEN],
  ])('accepts a %s address', (blockchain, address) => {
    expect(addressProblem(blockchain, address)).toBeNull();
  });

  it('says what the chain expected', () => {
    expect(addressProblem(Blockchain.CELO, SOLANA_MINT)).toBe(
      'A CELO deposit address must be an EVM address (0x and 40 hex digits)',
    );
    expect(addressProblem(Blockchain.STELLAR, CELO_TOKEN)).toBe(
      'A STELLAR deposit address must be a Stellar account id (G…, 56 characters)',
    );
  });
});

describe(transferIdProblem.name, () => {
  it.each([
    [Blockchain.STELLAR, 'ab'.repeat(32)],
    [Blockchain.SOLANA, SOLANA_SIGNATURE],
    [Blockchain.CELO, EVM_HASH],
  ])('accepts a %s transfer id', (blockchain, id) => {
    expect(transferIdProblem(blockchain, id)).toBeNull();
  });

  it('says what the chain expected', () => {
    expect(transferIdProblem(Blockchain.SOLANA, EVM_HASH)).toBe(
      'on_chain_tx must be a Solana transaction signature (base58, 64 to 88 characters)',
    );
  });
});

describe('NOTIFIED_TRANSFER_ID', () => {
  it("matches the transfer ids of the chains a wallet notifies about, and nothing else's", () => {
    expect(NOTIFIED_TRANSFER_ID.test(SOLANA_SIGNATURE)).toBe(true);
    expect(NOTIFIED_TRANSFER_ID.test(EVM_HASH)).toBe(true);
    expect(NOTIFIED_TRANSFER_ID.test('0f'.repeat(32))).toBe(false); // a Stellar hash (0 is not base58)
    expect(NOTIFIED_TRANSFER_ID.test(`${EVM_HASH} `)).toBe(false);
  });
});
