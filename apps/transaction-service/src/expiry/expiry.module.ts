import { Module } from '@nestjs/common';
import { ExpireTransactionsUseCase } from './expire-transactions.use-case.js';
import { ExpirySweeper } from './expiry-sweeper.js';

// Moves unpaid transactions past their quote's expiry (and its grace) to PAYMENT_EXPIRED.
@Module({
  providers: [ExpireTransactionsUseCase, ExpirySweeper],
})
export class ExpiryModule {}
