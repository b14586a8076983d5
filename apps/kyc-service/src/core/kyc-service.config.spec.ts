import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { ConfigValidationError, describeConfig, loadConfig } from '@platform/config';
import { KycServiceConfig } from './kyc-service.config.js';

const load = (env: Record<string, string>) => loadConfig({ kyc: KycServiceConfig }, env);
const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
};
const KEY_PROBLEM =
  'KYC_ENCRYPTION_KEY: KYC_ENCRYPTION_KEY must be the base64 encoding of exactly 32 bytes (openssl rand -base64 32) (got [secret])';

describe(KycServiceConfig.name, () => {
  it('takes a base64 key of 32 bytes and a directory, with an 8 MiB document limit by default', () => {
    const key = randomBytes(32).toString('base64');
    const { kyc } = load({ KYC_ENCRYPTION_KEY: key, KYC_STORAGE_DIR: '/var/lib/kyc' });

    expect(kyc).toMatchObject({ KYC_STORAGE_DIR: '/var/lib/kyc', KYC_MAX_DOCUMENT_BYTES: 8 * 1024 * 1024 });
    expect(describeConfig({ kyc })['kyc']!['KYC_ENCRYPTION_KEY']).toBe('***');
  });

  it('requires both the key and the directory', () => {
    expect(problemsOf({})).toEqual([
      'KYC_ENCRYPTION_KEY: KYC_ENCRYPTION_KEY must be the base64 encoding of exactly 32 bytes (openssl rand -base64 32) (got nothing)',
      'KYC_STORAGE_DIR: KYC_STORAGE_DIR is required (got nothing)',
    ]);
  });

  it.each([
    ['16 bytes', randomBytes(16).toString('base64')],
    ['33 bytes', randomBytes(33).toString('base64')],
    ['base64url', randomBytes(32).toString('base64url')],
    ['hex', randomBytes(32).toString('hex')],
    ['a passphrase', 'correct horse battery staple, long enough!!'],
  ])('refuses a key of %s without echoing it', (_case, key) => {
    expect(problemsOf({ KYC_ENCRYPTION_KEY: key, KYC_STORAGE_DIR: '/tmp/kyc' })).toEqual([KEY_PROBLEM]);
  });

  it.each([
    ['a host and port', '127.0.0.1:3310'],
    ['a host name and port', 'clamd.internal:3310'],
    ['an IPv6 address and port', '[::1]:3310'],
    ['a unix socket', '/run/clamav/clamd.ctl'],
  ])('takes a clamd address of %s', (_case, address) => {
    const key = randomBytes(32).toString('base64');
    const { kyc } = load({
      KYC_ENCRYPTION_KEY: key,
      KYC_STORAGE_DIR: '/tmp/kyc',
      KYC_CLAMD_ADDRESS: address,
    });
    expect(kyc).toMatchObject({ KYC_CLAMD_ADDRESS: address, KYC_CLAMD_TIMEOUT_MS: 30_000 });
  });

  it.each(['clamd', 'tcp://clamd:3310', 'run/clamd.ctl'])('refuses a clamd address %s', (address) => {
    const key = randomBytes(32).toString('base64');
    expect(
      problemsOf({ KYC_ENCRYPTION_KEY: key, KYC_STORAGE_DIR: '/tmp/kyc', KYC_CLAMD_ADDRESS: address }),
    ).toEqual([
      `KYC_CLAMD_ADDRESS: KYC_CLAMD_ADDRESS must be host:port or the absolute path of a unix socket (got "${address}")`,
    ]);
  });
});
