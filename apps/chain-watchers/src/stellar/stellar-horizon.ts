import { Injectable } from '@nestjs/common';
import { Horizon } from '@stellar/stellar-sdk';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';

// The one Horizon client of the app (verification, streams, reconciliation, refunds).
@Injectable()
export class StellarHorizon {
  readonly server: Horizon.Server;

  constructor(config: ChainWatchersConfig) {
    this.server = new Horizon.Server(config.STELLAR_HORIZON_URL, {
      allowHttp: config.STELLAR_HORIZON_URL.startsWith('http:'),
    });
  }
}
