import { Injectable } from '@nestjs/common';
import type { Blockchain } from '@shared/contracts';
import type { ChainAdapter } from './chain-adapter.js';
import type { DepositAccountsAdapter } from './deposit-accounts.port.js';

export type AdapterWithDepositAccounts = ChainAdapter & { readonly depositAccounts: DepositAccountsAdapter };

// Every chain's adapter, keyed by its Blockchain; each adapter folder's module registers its own.
@Injectable()
export class ChainAdapters {
  private readonly adapters = new Map<Blockchain, ChainAdapter>();

  register(adapter: ChainAdapter): void {
    if (this.adapters.has(adapter.blockchain))
      throw new Error(`a ${adapter.blockchain} adapter is registered already`);
    this.adapters.set(adapter.blockchain, adapter);
  }

  of(blockchain: Blockchain): ChainAdapter {
    const adapter = this.adapters.get(blockchain);
    if (!adapter) throw new Error(`no ${blockchain} adapter is registered`);
    return adapter;
  }

  // The chains with one deposit address per transaction (watched and swept).
  withDepositAccounts(): AdapterWithDepositAccounts[] {
    return [...this.adapters.values()].filter(
      (adapter): adapter is AdapterWithDepositAccounts => adapter.depositAccounts !== null,
    );
  }

  depositAccountsOf(blockchain: Blockchain): DepositAccountsAdapter {
    const { depositAccounts } = this.of(blockchain);
    if (!depositAccounts)
      throw new Error(`${blockchain} deposits share one address per chain (matched by memo)`);
    return depositAccounts;
  }
}
