import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// The standalone mode invents its secrets on first start and keeps them in the data directory
// (readable by the owner only), so a restart keeps the same keys and the CLI finds the ops key.
export interface StandaloneSecrets {
  readonly internalAuthSecret: string;
  readonly apiKeyPepper: string;
  readonly opsApiKey: string;
  readonly walletJwtSecret: string;
  readonly kycEncryptionKey: string;
  readonly chatSecretKey: string;
  readonly transactionPiiKey: string;
  readonly webhookEncryptionKey: string;
  // chain-watchers' DEPOSIT_MASTER_SECRET: every Solana and Celo transaction's deposit key.
  readonly depositMasterSecret: string;
}

function freshSecrets(): StandaloneSecrets {
  return {
    internalAuthSecret: randomBytes(32).toString('base64url'),
    apiKeyPepper: randomBytes(32).toString('base64url'),
    opsApiKey: `ops_${randomBytes(32).toString('base64url')}`,
    walletJwtSecret: randomBytes(32).toString('base64url'),
    kycEncryptionKey: randomBytes(32).toString('base64'),
    chatSecretKey: randomBytes(32).toString('base64url'),
    transactionPiiKey: randomBytes(32).toString('base64'),
    webhookEncryptionKey: randomBytes(32).toString('base64'),
    depositMasterSecret: randomBytes(48).toString('base64url'),
  };
}

export function secretsFile(dataDir: string): string {
  return join(dataDir, 'secrets.json');
}

// Secrets added by a newer version are generated and saved next to the existing ones, which
// are kept: changing them would lock out existing keys and encrypted data.
export async function loadOrCreateSecrets(dataDir: string): Promise<StandaloneSecrets> {
  const existing = await readSecrets(dataDir);
  const secrets: StandaloneSecrets = { ...freshSecrets(), ...existing };
  if (existing && Object.keys(secrets).every((key) => key in existing)) return secrets;
  await mkdir(dataDir, { recursive: true });
  await writeFile(secretsFile(dataDir), `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}

export async function readSecrets(dataDir: string): Promise<Partial<StandaloneSecrets> | null> {
  try {
    return JSON.parse(await readFile(secretsFile(dataDir), 'utf8')) as Partial<StandaloneSecrets>;
  } catch {
    return null;
  }
}
