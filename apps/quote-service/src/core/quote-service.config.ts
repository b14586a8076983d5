import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUrl, Matches, Min } from 'class-validator';

const RATE_LIST = /^([A-Z]{3,5}:[A-Z]{3}=[0-9]+(\.[0-9]+)?)(,[A-Z]{3,5}:[A-Z]{3}=[0-9]+(\.[0-9]+)?)*$/;
const SYMBOL_LIST = /^([A-Z]{3,5}:[A-Z]{3}=[A-Z0-9]+)(,[A-Z]{3,5}:[A-Z]{3}=[A-Z0-9]+)*$/;
const compact = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.replace(/\s+/g, '') : value;

export class QuoteServiceConfig {
  // `sandbox`: deterministic rates from SANDBOX_RATES. `market`: a public exchange's best bid.
  @IsIn(['sandbox', 'market'])
  RATE_SOURCE: 'sandbox' | 'market' = 'sandbox';

  // Fiat per unit of crypto, e.g. USDC:COP=4000.
  @Transform(compact)
  @Matches(RATE_LIST, { message: 'SANDBOX_RATES must look like USDC:COP=4000,USDC:BRL=5.5' })
  SANDBOX_RATES: string = 'USDC:COP=4000,USDT:COP=3995,USDC:BRL=5.5,USDT:BRL=5.49';

  // A Binance-compatible `GET /api/v3/ticker/bookTicker?symbol=…` endpoint.
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  MARKET_TICKER_URL: string = 'https://api.binance.com';

  // Which market symbol prices which pair; a pair without a symbol cannot be quoted.
  @Transform(compact)
  @Matches(SYMBOL_LIST, { message: 'MARKET_TICKER_SYMBOLS must look like USDT:BRL=USDTBRL' })
  MARKET_TICKER_SYMBOLS: string = 'USDT:BRL=USDTBRL,USDC:BRL=USDCBRL';

  @IsInt()
  @Min(100)
  RATE_REFRESH_MS: number = 10_000;

  // A rate older than this is never used: the quote is refused instead.
  @IsInt()
  @Min(1_000)
  RATE_MAX_AGE_MS: number = 60_000;

  @IsInt()
  @Min(60_000)
  QUOTE_TTL_MS: number = 60 * 60 * 1000;

  // Where each rail's liquidity is read (GET /internal/rail-liquidity): payout quotes above a
  // rail's balance are refused. Unset: no liquidity check.
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  TRANSACTION_SERVICE_URL?: string;

  @IsInt()
  @Min(500)
  RAIL_LIQUIDITY_REFRESH_MS: number = 5_000;

  // A balance older than this (transaction-service or the rail not answering) limits nothing.
  @IsInt()
  @Min(1_000)
  RAIL_LIQUIDITY_MAX_AGE_MS: number = 60_000;
}
