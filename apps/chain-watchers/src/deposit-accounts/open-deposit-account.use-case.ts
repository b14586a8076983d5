import { Injectable } from '@nestjs/common';
import { currentTraceCarrier } from '@platform/logging';
import type { OpenDepositAccountRequest, OpenDepositAccountResponse } from '@shared/contracts';
import { Clock } from '@shared/util';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';
import { ChainAdapters } from '../core/chains/chain-adapters.js';
import { DepositKeys } from '../core/chains/deposit-keys.js';
import { DepositAccountsRepository } from './deposit-accounts.repository.js';

// A transaction about to be created gets its own deposit address (derived by its chain's adapter),
// which is then watched until a while after its quote expires. Deterministic: asking again answers
// the same address.
@Injectable()
export class OpenDepositAccountUseCase {
  constructor(
    private readonly keys: DepositKeys,
    private readonly adapters: ChainAdapters,
    private readonly accounts: DepositAccountsRepository,
    private readonly config: ChainWatchersConfig,
    private readonly clock: Clock,
  ) {}

  async execute(request: OpenDepositAccountRequest): Promise<OpenDepositAccountResponse> {
    if (!this.keys.configured) return { address: null };
    const address = this.adapters.depositAccountsOf(request.blockchain).address(request.transactionId);
    await this.accounts.open({
      blockchain: request.blockchain,
      transactionId: request.transactionId.toLowerCase(),
      address,
      asset: request.asset,
      createdAt: this.clock.now(),
      watchUntil: new Date(new Date(request.expiresAt).getTime() + this.config.DEPOSIT_WATCH_GRACE_MS),
      announcedAt: null,
      lookedBackAt: null,
      dueAt: null,
      sweepId: null,
      traceparent: currentTraceCarrier().traceparent ?? null,
    });
    return { address };
  }
}
