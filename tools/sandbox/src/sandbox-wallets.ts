import { createHash } from 'node:crypto';
import { Keypair as StellarKeypair } from '@stellar/stellar-sdk';
import { Keypair as SolanaKeypair } from '@solana/web3.js';
import { Wallet } from 'ethers';

// Sandbox keys are derived from fixed labels so every start (and every test) knows the same
// wallets: the treasury (deposit address and refund hot wallet), a funded customer that makes
// deposits, and the token issuers. They only ever hold sandbox-chain value.
function seed(label: string): Buffer {
  return createHash('sha256').update(`payout-sandbox:${label}`).digest();
}

export type SandboxRole = 'treasury' | 'customer' | 'issuer';

export function stellarSandboxKeypair(role: SandboxRole): StellarKeypair {
  return StellarKeypair.fromRawEd25519Seed(seed(`stellar:${role}`));
}

export function solanaSandboxKeypair(role: SandboxRole): SolanaKeypair {
  return SolanaKeypair.fromSeed(seed(`solana:${role}`));
}

// Solana mints are accounts: one keypair per asset.
export function solanaSandboxMintKeypair(asset: SandboxAsset): SolanaKeypair {
  return SolanaKeypair.fromSeed(seed(`solana:mint:${asset}`));
}

export function evmSandboxWallet(role: SandboxRole): Wallet {
  return new Wallet(`0x${seed(`evm:${role}`).toString('hex')}`);
}

export const SANDBOX_ASSETS = ['USDC', 'USDT'] as const;
export type SandboxAsset = (typeof SANDBOX_ASSETS)[number];

// Every sandbox token has 6 decimals on Solana and Celo (as USDC/USDT do); Stellar amounts have 7.
export const SANDBOX_TOKEN_DECIMALS = 6;
export const STELLAR_DECIMALS = 7;
export const SANDBOX_STARTING_BALANCE = '1000000';
