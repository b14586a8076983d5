import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsUrl,
  Matches,
  Min,
  MinLength,
  ValidationArguments,
  ValidateBy,
} from 'class-validator';
import { Secret } from '@platform/config';
import { Blockchain, type PaymentMethod } from '@shared/contracts';
import { addressProblem } from '@payout/rails';

const serviceUrl = () => IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true });
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

// payment_context.rpcUrl is shown to every client: a public endpoint, never one with credentials.
const PublicRpcUrl = () =>
  ValidateBy({
    name: 'publicRpcUrl',
    validator: {
      validate: (value: unknown) => {
        if (typeof value !== 'string') return false;
        try {
          const url = new URL(value);
          return ['http:', 'https:'].includes(url.protocol) && !url.username && !url.password && !url.search;
        } catch {
          return false;
        }
      },
      defaultMessage: (args?: ValidationArguments) =>
        `${args?.property} must be an http(s) URL without credentials or query string`,
    },
  });

// Refusing to boot beats telling clients to send funds to a mistyped address.
const DepositAddress = (blockchain: Blockchain) =>
  ValidateBy({
    name: 'depositAddress',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && !addressProblem(blockchain, value),
      defaultMessage: (args?: ValidationArguments) =>
        addressProblem(blockchain, String(args?.value)) ?? 'invalid deposit address',
    },
  });

export class TransactionServiceConfig {
  // Internal routes of the services this one asks (never through the gateway).
  @serviceUrl()
  QUOTE_SERVICE_URL!: string;

  @serviceUrl()
  KYC_SERVICE_URL!: string;

  // Base64 of 32 random bytes (`openssl rand -base64 32`): seals the recipient's account key, QR
  // code and tax id at rest. Losing it makes those columns unreadable.
  @Secret()
  @Matches(/^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/, {
    message: 'TRANSACTION_PII_KEY must be the base64 encoding of exactly 32 bytes (openssl rand -base64 32)',
  })
  TRANSACTION_PII_KEY!: string;

  // chain-watchers, for `/internal/verify` (notify and reconciliation). The default is its port
  // under `npm run start:distributed`.
  @serviceUrl()
  CHAIN_WATCHERS_URL: string = 'http://127.0.0.1:3103';

  // Deposit addresses of a fresh install: written once per chain that has none yet; afterwards
  // the table rules and operators rotate them (npm run cli -- deposit-address set …).
  @DepositAddress(Blockchain.STELLAR)
  @IsOptional()
  @Transform(trimmed)
  DEPOSIT_ADDRESS_STELLAR?: string;

  @DepositAddress(Blockchain.SOLANA)
  @IsOptional()
  @Transform(trimmed)
  DEPOSIT_ADDRESS_SOLANA?: string;

  @DepositAddress(Blockchain.CELO)
  @IsOptional()
  @Transform(trimmed)
  DEPOSIT_ADDRESS_CELO?: string;

  // Suggested public RPC endpoints, returned as payment_context.rpcUrl.
  @PublicRpcUrl()
  RPC_URL_STELLAR: string = 'https://horizon.stellar.org';

  @PublicRpcUrl()
  RPC_URL_SOLANA: string = 'https://api.mainnet-beta.solana.com';

  @PublicRpcUrl()
  RPC_URL_CELO: string = 'https://forno.celo.org';

  // The KYC policy of a partner nobody configured: `threshold` lets a first small payout through.
  @IsIn(['off', 'always', 'threshold'])
  KYC_DEFAULT_MODE: 'off' | 'always' | 'threshold' = 'threshold';

  // USD-equivalent (the quotes' stablecoin amounts) a user may have paid out in completed
  // transactions over the last 30 days, this payout included, before KYC is required.
  @Matches(/^\d{1,14}(\.\d{1,6})?$/, { message: 'KYC_THRESHOLD_AMOUNT must be a decimal string' })
  KYC_THRESHOLD_AMOUNT: string = '1000';

  // What a partner whose business verification (KYB) is pending may have in completed
  // transactions, this one included, in units of the source asset (stablecoins: USD-equivalent);
  // an operator may set another limit per partner (PUT /ops/partner-kyb/{partnerId}).
  @Matches(/^\d{1,14}(\.\d{1,6})?$/, { message: 'KYB_PENDING_LIMIT must be a decimal string' })
  KYB_PENDING_LIMIT: string = '100';

  // The rails' payout APIs (PIX in Brazil, Bre-B in Colombia); the sandbox simulators by default
  // under npm start, which passes their URLs.
  @serviceUrl()
  PIX_RAIL_URL: string = 'http://127.0.0.1:3201';

  @serviceUrl()
  BREB_RAIL_URL: string = 'http://127.0.0.1:3202';

  // How often each rail's available balance (its liquidity) is asked: quote-service refuses payout
  // quotes above it, and /metrics reports it.
  @IsInt()
  @Min(1_000)
  RAIL_LIQUIDITY_REFRESH_MS: number = 5_000;

  // The operators' floor under each rail's liquidity, in the rail's currency (e.g.
  // PIX=50000,BREB=200000000): /metrics reports it beside the balance and the alert
  // RailLiquidityBelowFloor fires while a balance is under it. A rail not listed has floor 0.
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\s+/g, '') : value,
  )
  @Matches(/^$|^[A-Z]+=\d{1,14}(\.\d{1,2})?(,[A-Z]+=\d{1,14}(\.\d{1,2})?)*$/, {
    message: 'RAIL_LIQUIDITY_FLOORS must look like PIX=50000,BREB=200000000',
  })
  RAIL_LIQUIDITY_FLOORS: string = '';

  // A rail call that takes longer is abandoned and asked again later with the same idempotency key.
  @IsInt()
  @Min(100)
  RAIL_TIMEOUT_MS: number = 10_000;

  // How long a claimed payout is left alone before it is tried again (a crashed worker's claim
  // expires after it), and how often an accepted payout's status is polled.
  @IsInt()
  @Min(50)
  PAYOUT_RETRY_MS: number = 5_000;

  // Where the rails can reach this service (its own base URL as they see it). Unset: no callbacks,
  // polling only.
  @IsOptional()
  @serviceUrl()
  RAIL_CALLBACK_BASE_URL?: string;

  // Part of the callback URL the rails are given (`/rail-callbacks/<secret>`): a callback without
  // it is refused. A callback only makes this service ask the rail, never trusts the body.
  @Secret()
  @IsOptional()
  @MinLength(32, { message: 'RAIL_CALLBACK_SECRET must be at least 32 characters' })
  RAIL_CALLBACK_SECRET?: string;

  // How often unpaid transactions past their quote's expiry are moved to PAYMENT_EXPIRED.
  @IsInt()
  @Min(50)
  EXPIRY_SWEEP_MS: number = 60_000;

  // How long an Idempotency-Key and its answer are kept (swept with the expiry sweep); a retry
  // later than this runs as a new request.
  @IsInt()
  @Min(60_000)
  IDEMPOTENCY_KEY_RETENTION_MS: number = 86_400_000;

  // How long after expiry an unpaid transaction is left waiting, so that a transfer confirmed in
  // time but reported late (stream lag, a later notify) still funds it.
  @IsInt()
  @Min(0)
  EXPIRY_GRACE_MS: number = 300_000;

  // A chain's suggested RPC endpoint (RPC_URL_<chain>): a new chain fails to compile until it has one.
  rpcUrlOf(blockchain: Blockchain): string {
    return this[`RPC_URL_${blockchain}`];
  }

  // The floor RAIL_LIQUIDITY_FLOORS sets for a rail, as a decimal string.
  railLiquidityFloorOf(method: PaymentMethod): string {
    const entry = this.RAIL_LIQUIDITY_FLOORS.split(',').find((pair) => pair.startsWith(`${method}=`));
    return entry ? entry.slice(method.length + 1) : '0';
  }

  // A rail's payout API (<method>_RAIL_URL), the same way.
  railUrlOf(method: PaymentMethod): string {
    return this[`${method}_RAIL_URL`];
  }
}
