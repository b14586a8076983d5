import { describe, expect, it } from '@jest/globals';
import { Keypair } from '@solana/web3.js';
import { createTransferCheckedInstruction, decodeTransferCheckedInstruction } from '@solana/spl-token';
import { toBigIntBE, toBigIntLE, toBufferBE, toBufferLE } from './index.js';

describe('bigint-buffer, as spl-token uses it', () => {
  it('writes and reads unsigned integers at a fixed width, both byte orders', () => {
    expect(toBufferLE(258n, 4)).toEqual(Buffer.from([2, 1, 0, 0]));
    expect(toBufferBE(258n, 4)).toEqual(Buffer.from([0, 0, 1, 2]));
    expect(toBigIntLE(Buffer.from([2, 1, 0, 0]))).toBe(258n);
    expect(toBigIntBE(Buffer.from([0, 0, 1, 2]))).toBe(258n);
    expect(toBigIntLE(Buffer.alloc(0))).toBe(0n);
  });

  it("round-trips a transfer's u64 amount through spl-token, up to the field's largest value", () => {
    const [source, mint, destination, owner] = Array.from({ length: 4 }, () => Keypair.generate().publicKey);
    for (const amount of [0n, 1n, 18_470_000n, 2n ** 64n - 1n]) {
      const instruction = createTransferCheckedInstruction(source!, mint!, destination!, owner!, amount, 6);
      expect(instruction.data.subarray(1, 9)).toEqual(toBufferLE(amount, 8));
      expect(decodeTransferCheckedInstruction(instruction).data.amount).toBe(amount);
    }
  });

  it('refuses a value that does not fit instead of cutting it', () => {
    expect(() => toBufferLE(2n ** 64n, 8)).toThrow(
      new RangeError('18446744073709551616 does not fit in 8 unsigned bytes'),
    );
    expect(() => toBufferBE(-1n, 8)).toThrow(RangeError);
    // Through spl-token too: the override in package.json puts this module under it.
    const [source, mint, destination, owner] = Array.from({ length: 4 }, () => Keypair.generate().publicKey);
    expect(() =>
      createTransferCheckedInstruction(source!, mint!, destination!, owner!, 2n ** 64n, 6),
    ).toThrow(RangeError);
  });
});
