import { Module } from '@nestjs/common';
import { CeloModule } from './celo/celo.module.js';
import { ChainWatchersCoreModule } from './core/chain-watchers-core.module.js';
import { DepositAccountsModule } from './deposit-accounts/deposit-accounts.module.js';
import { DepositsModule } from './deposits/deposits.module.js';
import { LedgerModule } from './ledger/ledger.module.js';
import { RefundsModule } from './refunds/refunds.module.js';
import { SolanaModule } from './solana/solana.module.js';
import { StellarModule } from './stellar/stellar.module.js';
import { SweepsModule } from './sweeps/sweeps.module.js';
import { VerifyModule } from './verify/verify.module.js';

// chain-watchers: the core, one adapter module per chain (each registers its chain's I/O), and
// the generic features. Adding a chain is its adapter folder and one line here.
@Module({
  imports: [
    ChainWatchersCoreModule,
    StellarModule,
    SolanaModule,
    CeloModule,
    DepositAccountsModule,
    DepositsModule,
    VerifyModule,
    RefundsModule,
    SweepsModule,
    LedgerModule,
  ],
})
export class ChainWatchersModule {}
