import { Injectable } from '@nestjs/common';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const COST = 16384;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

// scrypt password hashes, self-describing (`scrypt$N$r$p$salt$hash`) so the cost can grow later.
@Injectable()
export class PasswordHasher {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const derived = await derive(password, salt, COST, BLOCK_SIZE, PARALLELISM);
    return [
      'scrypt',
      COST,
      BLOCK_SIZE,
      PARALLELISM,
      salt.toString('base64'),
      derived.toString('base64'),
    ].join('$');
  }

  async verify(password: string, stored: string | null): Promise<boolean> {
    const parts = stored?.split('$') ?? [];
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [, cost, blockSize, parallelism, salt, hash] = parts as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const expected = Buffer.from(hash, 'base64');
    const derived = await derive(password, Buffer.from(salt, 'base64'), +cost, +blockSize, +parallelism);
    return derived.length === expected.length && timingSafeEqual(derived, expected);
  }
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}
