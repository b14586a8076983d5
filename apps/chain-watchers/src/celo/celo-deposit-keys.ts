import { Injectable } from '@nestjs/common';
import { Wallet } from 'ethers';
import { Blockchain } from '@shared/contracts';
import { deriveDepositKey, DepositKeys } from '../core/chains/deposit-keys.js';

// secp256k1's group order: a private key must be in [1, n).
const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const isSecp256k1Key = (key: Buffer): boolean => {
  const value = BigInt(`0x${key.toString('hex')}`);
  return value > 0n && value < SECP256K1_ORDER;
};

// A Celo transaction's own deposit key: the derived bytes as a secp256k1 private key (an ethers
// Wallet); its address is what the transaction's ERC-20 transfer pays.
export function celoDepositWallet(master: string, transactionId: string): Wallet {
  return toWallet(deriveDepositKey(master, Blockchain.CELO, transactionId, isSecp256k1Key));
}

@Injectable()
export class CeloDepositKeys {
  constructor(private readonly keys: DepositKeys) {}

  wallet(transactionId: string): Wallet {
    return toWallet(this.keys.derive(Blockchain.CELO, transactionId, isSecp256k1Key));
  }
}

const toWallet = (key: Buffer): Wallet => new Wallet(`0x${key.toString('hex')}`);
