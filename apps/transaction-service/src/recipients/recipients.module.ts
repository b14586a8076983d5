import { Global, Module } from '@nestjs/common';
import { RecipientCheck } from './recipient-check.js';

// Who a payout goes to: each rail's recipient keys, checked before a quote is accepted.
@Global()
@Module({
  providers: [RecipientCheck],
  exports: [RecipientCheck],
})
export class RecipientsModule {}
