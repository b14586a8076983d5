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

// `customer` is the first customer wallet; a sandbox started with more customers (a load
// generator needs several, as each chain orders one wallet's transfers: Stellar sequence numbers,
// EVM nonces) also funds `customer-1`, `customer-2`…
export type CustomerRole = 'customer' | `customer-${number}`;
export type SandboxRole = 'treasury' | 'issuer' | CustomerRole;

export function customerRole(index: number): CustomerRole {
  return index === 0 ? 'customer' : `customer-${index}`;
}

// The roles a sandbox with `count` customer wallets funds, in order.
export function customerRoles(count: number): CustomerRole[] {
  return Array.from({ length: Math.max(1, count) }, (_, index) => customerRole(index));
}

// Deriving a public key is elliptic-curve work in JavaScript (a millisecond or more): each label's
// key is derived once per process, as a load generator pays from the same wallets over and over.
const derived = new Map<string, unknown>();
function once<T>(label: string, derive: (seed: Buffer) => T): T {
  if (!derived.has(label)) derived.set(label, derive(seed(label)));
  return derived.get(label) as T;
}

export function stellarSandboxKeypair(role: SandboxRole): StellarKeypair {
  return once(`stellar:${role}`, (bytes) => StellarKeypair.fromRawEd25519Seed(bytes));
}

export function solanaSandboxKeypair(role: SandboxRole): SolanaKeypair {
  return once(`solana:${role}`, (bytes) => SolanaKeypair.fromSeed(bytes));
}

// Solana mints are accounts: one keypair per asset.
export function solanaSandboxMintKeypair(asset: SandboxAsset): SolanaKeypair {
  return once(`solana:mint:${asset}`, (bytes) => SolanaKeypair.fromSeed(bytes));
}

export function evmSandboxWallet(role: SandboxRole): Wallet {
  return once(`evm:${role}`, (bytes) => new Wallet(`0x${bytes.toString('hex')}`));
}

export const SANDBOX_ASSETS = ['USDC', 'USDT'] as const;
export type SandboxAsset = (typeof SANDBOX_ASSETS)[number];

// Every sandbox token has 6 decimals on Solana and Celo (as USDC/USDT do); Stellar amounts have 7.
export const SANDBOX_TOKEN_DECIMALS = 6;
export const STELLAR_DECIMALS = 7;
export const SANDBOX_STARTING_BALANCE = '1000000';
