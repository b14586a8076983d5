import { Injectable } from '@nestjs/common';
import { InternalHttpClient, InternalTokenService } from '@platform/http';
import {
  ServiceName,
  type ActiveAssetsResponse,
  type ActiveAssetView,
  type Blockchain,
  type DepositAddressesResponse,
  type DepositAddressView,
} from '@shared/contracts';
import { Clock } from '@shared/util';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import { UpstreamCache } from './upstream-cache.js';

// What counts as "ours" on a chain: the deposit addresses (active and retired ones, so late
// transfers to a retired address are still seen) and the active token of each crypto currency.
export interface ChainView {
  readonly addresses: readonly DepositAddressView[];
  readonly assets: readonly ActiveAssetView[];
  // Per-transaction deposit addresses (Solana owners, Celo addresses) known to be ours, added by
  // whoever reads a chain transaction for the addresses it names.
  readonly depositAccounts?: readonly string[];
}

@Injectable()
export class ChainRegistry {
  private readonly addresses: UpstreamCache<DepositAddressesResponse>;
  private readonly assets: UpstreamCache<ActiveAssetsResponse>;

  constructor(config: ChainWatchersConfig, tokens: InternalTokenService, clock: Clock) {
    const http = new InternalHttpClient(ServiceName.ChainWatchers, tokens);
    const now = () => clock.now().getTime();
    this.addresses = new UpstreamCache(
      () => http.getJson(new URL('/internal/deposit-addresses', config.TRANSACTION_SERVICE_URL).toString()),
      config.UPSTREAM_CACHE_MS,
      now,
    );
    this.assets = new UpstreamCache(
      () => http.getJson(new URL('/internal/assets', config.QUOTE_SERVICE_URL).toString()),
      config.UPSTREAM_CACHE_MS,
      now,
    );
  }

  // `fresh` asks the owners again instead of reusing their last answer: a transfer that looks
  // like none of ours may be to an address or a mint rotated in since.
  async chain(blockchain: Blockchain, fresh = false): Promise<ChainView> {
    const [{ addresses }, { assets }] = await Promise.all([
      this.addresses.get(fresh),
      this.assets.get(fresh),
    ]);
    return {
      addresses: addresses.filter((address) => address.blockchain === blockchain),
      assets: assets.filter((asset) => asset.blockchain === blockchain),
    };
  }
}
