import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { ConfigValidationError, describeConfig, loadConfig } from '@platform/config';
import { TransactionServiceConfig } from './transaction-service.config.js';

const REQUIRED = {
  QUOTE_SERVICE_URL: 'http://quote:3000',
  KYC_SERVICE_URL: 'http://kyc:3000',
  TRANSACTION_PII_KEY: randomBytes(32).toString('base64'),
};
const load = (env: Record<string, string>) => loadConfig({ transactions: TransactionServiceConfig }, env);
const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigValidationError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
};

describe(TransactionServiceConfig.name, () => {
  it('needs only the two service URLs and the PII key: public RPC endpoints, the threshold policy, no deposit address', () => {
    const { transactions } = load(REQUIRED);
    expect(transactions).toMatchObject({
      RPC_URL_STELLAR: 'https://horizon.stellar.org',
      RPC_URL_SOLANA: 'https://api.mainnet-beta.solana.com',
      RPC_URL_CELO: 'https://forno.celo.org',
      KYC_DEFAULT_MODE: 'threshold',
      KYC_THRESHOLD_AMOUNT: '1000',
    });
    expect(transactions.DEPOSIT_ADDRESS_STELLAR).toBeUndefined();
    expect(describeConfig({ transactions })['transactions']!['TRANSACTION_PII_KEY']).toBe('***');
    expect(problemsOf({ TRANSACTION_PII_KEY: 'short' })).toEqual([
      'KYC_SERVICE_URL: KYC_SERVICE_URL must be a URL address (got nothing)',
      'QUOTE_SERVICE_URL: QUOTE_SERVICE_URL must be a URL address (got nothing)',
      'TRANSACTION_PII_KEY: TRANSACTION_PII_KEY must be the base64 encoding of exactly 32 bytes (openssl rand -base64 32) (got [secret])',
    ]);
  });

  it.each([
    ['credentials', 'https://user:secret@rpc.example.com'],
    ['a query string', 'https://rpc.example.com/?api-key=secret'],
    ['another scheme', 'wss://rpc.example.com'],
  ])('refuses an RPC URL with %s: it is shown to every client', (_case, url) => {
    expect(problemsOf({ ...REQUIRED, RPC_URL_SOLANA: url })).toEqual([
      `RPC_URL_SOLANA: RPC_URL_SOLANA must be an http(s) URL without credentials or query string (got "${url}")`,
    ]);
  });

  it('refuses deposit addresses that do not fit their chain', () => {
    expect(
      problemsOf({ ...REQUIRED, DEPOSIT_ADDRESS_STELLAR: '0xabc', DEPOSIT_ADDRESS_CELO: 'GABC' }),
    ).toEqual([
      'DEPOSIT_ADDRESS_CELO: A CELO deposit address must be an EVM address (0x and 40 hex digits) (got "GABC")',
      'DEPOSIT_ADDRESS_STELLAR: A STELLAR deposit address must be a Stellar account id (G…, 56 characters) (got "0xabc")',
    ]);
  });
});
