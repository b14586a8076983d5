import { describe, expect, it } from '@jest/globals';
import { Signature, Wallet } from 'ethers';
import { EvmSignatureVerifier } from './evm-signature.verifier.js';

const message = 'localhost asks you to sign in with your EVM account:\nNonce: 0123abcd';

describe(EvmSignatureVerifier.name, () => {
  const sut = new EvmSignatureVerifier();
  const wallet = Wallet.createRandom();

  it('accepts a personal_sign signature by the address', async () => {
    expect(sut.verify(wallet.address, message, await wallet.signMessage(message))).toBe('valid');
  });

  it('compares the address without regard to case', async () => {
    const signature = await wallet.signMessage(message);
    expect(sut.verify(wallet.address.toLowerCase(), message, signature)).toBe('valid');
  });

  it('accepts the EIP-2098 compact form', async () => {
    const compact = Signature.from(await wallet.signMessage(message)).compactSerialized;
    expect(sut.verify(wallet.address, message, compact)).toBe('valid');
  });

  it("refuses another key's signature", async () => {
    const other = Wallet.createRandom();
    expect(sut.verify(wallet.address, message, await other.signMessage(message))).toBe('invalid');
  });

  it('refuses a signature of another message', async () => {
    expect(sut.verify(wallet.address, message, await wallet.signMessage('other'))).toBe('invalid');
  });

  it('refuses well-formed hex that is no signature', () => {
    expect(sut.verify(wallet.address, message, `0x${'00'.repeat(64)}1b`)).toBe('invalid');
  });

  it.each([
    ['without 0x', 'ab'.repeat(65)],
    ['too short', `0x${'ab'.repeat(40)}`],
    ['base64', Buffer.alloc(65).toString('base64')],
  ])('calls a signature %s malformed', (_case, signature) => {
    expect(sut.verify(wallet.address, message, signature)).toBe('malformed');
  });
});
