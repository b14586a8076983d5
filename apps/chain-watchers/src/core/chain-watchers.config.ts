import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength } from 'class-validator';
import { CommaSeparatedList, Secret } from '@platform/config';

const serviceUrl = () => IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true });

export class ChainWatchersConfig {
  // Internal routes read here: the deposit addresses (transaction-service) and the active assets
  // (quote-service), so rotating either needs no deploy.
  @serviceUrl()
  TRANSACTION_SERVICE_URL!: string;

  @serviceUrl()
  QUOTE_SERVICE_URL!: string;

  // How long the deposit addresses and the active assets are reused before asking again.
  @IsInt()
  @Min(100)
  UPSTREAM_CACHE_MS: number = 10_000;

  @serviceUrl()
  STELLAR_HORIZON_URL: string = 'https://horizon.stellar.org';

  @IsString()
  STELLAR_NETWORK_PASSPHRASE: string = 'Public Global Stellar Network ; September 2015';

  // Stream every Stellar deposit account's payments (off: only POST /internal/verify reads Stellar).
  // Read from the raw variable: implicit conversion would turn the string 'false' into true.
  @Transform(({ obj, key }) => obj[key] === true || obj[key] === 'true')
  @IsBoolean()
  STELLAR_WATCH: boolean = true;

  // First delay before a failed stream reopens; doubles (with jitter) up to 30 times this.
  @IsInt()
  @Min(10)
  STELLAR_STREAM_RETRY_MS: number = 1_000;

  // How often each account's latest payments are compared with what was recorded, and how many.
  @IsInt()
  @Min(1_000)
  STELLAR_RECONCILE_INTERVAL_MS: number = 60_000;

  @IsInt()
  @Min(1)
  @Max(200)
  STELLAR_RECONCILE_LOOKBACK: number = 200;

  @serviceUrl()
  SOLANA_RPC_URL: string = 'https://api.mainnet-beta.solana.com';

  // How long one chain RPC call (Solana, Celo) may take before it is abandoned and retried.
  @IsInt()
  @Min(100)
  CHAIN_RPC_TIMEOUT_MS: number = 10_000;

  // A Solana transfer counts once it reached this commitment.
  @IsIn(['confirmed', 'finalized'])
  SOLANA_COMMITMENT: 'confirmed' | 'finalized' = 'finalized';

  @serviceUrl()
  CELO_RPC_URL: string = 'https://forno.celo.org';

  // A Celo transfer counts once its block has this many confirmations (1 = included).
  @IsInt()
  @Min(1)
  @Max(1000)
  CELO_CONFIRMATIONS: number = 3;

  // Hot-wallet keys that sign refunds (unset: that chain's refunds wait, logged as errors).
  // Stellar secret seed (S…); Solana secret key, base58 or a JSON array of 64 bytes; EVM hex key.
  @Secret()
  @IsOptional()
  @IsString()
  STELLAR_REFUND_SECRET?: string;

  @Secret()
  @IsOptional()
  @IsString()
  SOLANA_REFUND_SECRET_KEY?: string;

  @Secret()
  @IsOptional()
  @IsString()
  CELO_REFUND_PRIVATE_KEY?: string;

  // How long a signed Stellar refund stays valid (its time bounds).
  @IsInt()
  @Min(30)
  REFUND_VALIDITY_S: number = 300;

  // How long a broadcast waits for the chain's verdict before leaving it to the next pass.
  @IsInt()
  @Min(100)
  REFUND_CONFIRM_TIMEOUT_MS: number = 30_000;

  // How often open refunds are looked at again, and how long one worker holds a refund.
  @IsInt()
  @Min(100)
  REFUND_RETRY_INTERVAL_MS: number = 10_000;

  @IsInt()
  @Min(1_000)
  REFUND_LEASE_MS: number = 120_000;

  // Derives every Solana and Celo transaction's own deposit key (HMAC of the transaction id):
  // the one secret that recovers them all, so it is kept like the hot-wallet keys and never
  // rotated while a derived address may still hold funds. Unset: no per-transaction addresses,
  // and transaction-service refuses Solana and Celo transactions (corridor_unavailable).
  @Secret()
  @IsOptional()
  @IsString()
  @MinLength(32, {
    message: 'DEPOSIT_MASTER_SECRET must be at least 32 characters (openssl rand -base64 48)',
  })
  DEPOSIT_MASTER_SECRET?: string;

  // Watch the addresses of transactions awaiting a Solana or Celo deposit (off: only notify and
  // reconciliation find them), how often, and for how long after the quote expired.
  @Transform(({ obj, key }) => obj[key] === true || obj[key] === 'true')
  @IsBoolean()
  DEPOSIT_WATCH: boolean = true;

  @IsInt()
  @Min(100)
  DEPOSIT_WATCH_INTERVAL_MS: number = 5_000;

  @IsInt()
  @Min(0)
  DEPOSIT_WATCH_GRACE_MS: number = 900_000;

  // The look-back that finds what the watch missed: how often it runs per chain, how many
  // accounts past their watch it reads again each time (chains read account by account: Solana),
  // and how many heights below the cursor it reads again (chains read by height: Celo).
  @IsInt()
  @Min(1_000)
  DEPOSIT_LOOK_BACK_INTERVAL_MS: number = 60_000;

  @IsInt()
  @Min(1)
  @Max(10_000)
  DEPOSIT_LOOK_BACK_ACCOUNTS: number = 200;

  @IsInt()
  @Min(0)
  DEPOSIT_LOOK_BACK_HEIGHTS: number = 720;

  // A transfer's block time further ahead of this service's clock than this is not trusted: the
  // transfer is recorded as confirmed when it was observed (logged and counted).
  @IsInt()
  @Min(0)
  BLOCK_TIME_TOLERANCE_MS: number = 30_000;

  // Addresses (any chain, comma-separated) whose transfers to us fund the treasury rather than
  // pay a transaction, besides the hot wallets, the tokens' issuers and our own deposit accounts.
  @CommaSeparatedList()
  @IsString({ each: true })
  TREASURY_SOURCES: string[] = [];

  // How often deposits are swept from the per-transaction addresses to the treasury (the
  // hot wallet, which pays the fees), and how many addresses one Solana sweep transaction takes.
  @IsInt()
  @Min(100)
  SWEEP_INTERVAL_MS: number = 60_000;

  @IsInt()
  @Min(1)
  @Max(6)
  SWEEP_BATCH_SIZE: number = 5;

  // How many sweeps of one chain a replica advances side by side (each round signs one
  // transaction per sweep and broadcasts them all at once: on Celo one gas transfer per address
  // from the treasury, on consecutive nonces).
  @IsInt()
  @Min(1)
  @Max(64)
  SWEEP_CONCURRENCY: number = 8;

  // How soon the next pass runs after one that swept something: deposits that came due during a
  // pass wait this long, not a whole SWEEP_INTERVAL_MS.
  @IsInt()
  @Min(0)
  SWEEP_RERUN_MS: number = 1_000;
}
