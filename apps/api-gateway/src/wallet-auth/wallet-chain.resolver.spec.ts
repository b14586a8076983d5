import { describe, expect, it } from '@jest/globals';
import { Keypair as SolanaKeypair } from '@solana/web3.js';
import { Keypair as StellarKeypair } from '@stellar/stellar-sdk';
import { Wallet } from 'ethers';
import { Blockchain } from '@shared/contracts';
import { WalletAuthError } from './wallet-auth.errors.js';
import { normaliseAddress, resolveWalletChain, type WalletChainRequest } from './wallet-chain.resolver.js';

const stellar = StellarKeypair.random().publicKey();
const solana = SolanaKeypair.generate().publicKey.toBase58();
const evm = Wallet.createRandom().address;

function reasonFor(request: WalletChainRequest): string {
  try {
    resolveWalletChain(request);
  } catch (error) {
    if (error instanceof WalletAuthError) return error.reason;
    throw error;
  }
  throw new Error('expected a WalletAuthError');
}

describe(resolveWalletChain.name, () => {
  it('infers the chain from each address format, with the default chain of its family', () => {
    expect(resolveWalletChain({ address: stellar })).toEqual({
      address: stellar,
      chainFamily: 'stellar',
      chainId: 'stellar:pubnet',
    });
    expect(resolveWalletChain({ address: solana })).toEqual({
      address: solana,
      chainFamily: 'solana',
      chainId: 'solana:mainnet',
    });
    expect(resolveWalletChain({ address: evm })).toEqual({
      address: evm,
      chainFamily: 'evm',
      chainId: 'eip155:42220',
    });
  });

  it('takes the chain from chainId or blockchain', () => {
    expect(resolveWalletChain({ address: stellar, chainId: 'stellar:testnet' }).chainId).toBe(
      'stellar:testnet',
    );
    expect(resolveWalletChain({ address: evm, blockchain: Blockchain.CELO }).chainId).toBe('eip155:42220');
    expect(
      resolveWalletChain({ address: evm, chainId: 'eip155:1', blockchain: Blockchain.CELO }).chainId,
    ).toBe('eip155:1');
  });

  it('takes a null chainId or blockchain as absent, as the request DTO lets them through', () => {
    expect(resolveWalletChain({ address: stellar, chainId: null, blockchain: null }).chainId).toBe(
      'stellar:pubnet',
    );
  });

  it('checksums an EVM address given in lower case', () => {
    expect(resolveWalletChain({ address: evm.toLowerCase() }).address).toBe(evm);
  });

  it('refuses an address that is no wallet address', () => {
    expect(reasonFor({ address: 'not-an-address' })).toBe('address is not a Stellar, Solana or EVM address');
  });

  it('refuses an address of another family than the chain named', () => {
    expect(reasonFor({ address: evm, chainId: 'solana:mainnet' })).toBe(
      'address is not a valid Solana public key (base58)',
    );
    expect(reasonFor({ address: solana, blockchain: Blockchain.STELLAR })).toBe(
      'address is not a valid Stellar public key (G…)',
    );
    expect(reasonFor({ address: stellar, chainId: 'eip155:42220' })).toBe(
      'address is not a valid EVM address (0x…)',
    );
  });

  it('refuses an EVM address with a wrong checksum', () => {
    // The EIP-55 example address, checksummed, then with one letter's case changed.
    expect(resolveWalletChain({ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }).chainFamily).toBe(
      'evm',
    );
    expect(reasonFor({ address: '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })).toBe(
      'address is not a Stellar, Solana or EVM address',
    );
  });

  it('refuses chains of other namespaces and contradicting chain fields', () => {
    expect(reasonFor({ address: evm, chainId: 'cosmos:cosmoshub-4' })).toBe(
      'chainId cosmos:cosmoshub-4 is not supported; use a stellar:, solana: or eip155: chain',
    );
    expect(reasonFor({ address: evm, chainId: 'eip155:42220', blockchain: Blockchain.SOLANA })).toBe(
      'chainId eip155:42220 is not a chain of blockchain SOLANA',
    );
  });
});

describe(normaliseAddress.name, () => {
  it('keeps a Stellar and Solana address as it is and refuses a lower-case Stellar one', () => {
    expect(normaliseAddress('stellar', stellar)).toBe(stellar);
    expect(normaliseAddress('stellar', stellar.toLowerCase())).toBeNull();
    expect(normaliseAddress('solana', solana)).toBe(solana);
  });
});
