import { Init1795308596150 } from './1795308596150-init.js';
import { StellarDeposits1795468370497 } from './1795468370497-stellar-deposits.js';
import { Refunds1795470184791 } from './1795470184791-refunds.js';
import { RefundAttemptTxHashUnique1795479593914 } from './1795479593914-refund-attempt-tx-hash-unique.js';
import { DepositAccountsSweeps1795694870001 } from './1795694870001-deposit-accounts-sweeps.js';
import { RefundDeposit1795703206141 } from './1795703206141-refund-deposit.js';
import { OutboxXid1795727871795 } from './1795727871795-outbox-xid.js';
import { RefundWithoutTransaction1796549570917 } from './1796549570917-refund-without-transaction.js';
import { DepositLookBack1796549707152 } from './1796549707152-deposit-look-back.js';
import { DepositAccountSweepIndex1796550351112 } from './1796550351112-deposit-account-sweep-index.js';
import { OutboxTraceContext1796630000000 } from './1796630000000-outbox-trace-context.js';

// chain-watchers' schema history, owned by the core module and applied in this order. A later
// migration belongs to the feature whose tables it changes: `npm run migrate -- generate --app
// chain-watchers --name <name> --into <feature>`, declared in that feature module's @OwnsTables.
export const chainWatchersMigrations = [
  Init1795308596150,
  StellarDeposits1795468370497,
  Refunds1795470184791,
  RefundAttemptTxHashUnique1795479593914,
  DepositAccountsSweeps1795694870001,
  RefundDeposit1795703206141,
  OutboxXid1795727871795,
  RefundWithoutTransaction1796549570917,
  DepositLookBack1796549707152,
  DepositAccountSweepIndex1796550351112,
  OutboxTraceContext1796630000000,
];
