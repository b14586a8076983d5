import { Module } from '@nestjs/common';
import { DepositAccountsModule } from '../deposit-accounts/deposit-accounts.module.js';
import { DepositsModule } from '../deposits/deposits.module.js';
import { InternalVerifyController } from './internal-verify.controller.js';
import { VerifyTransferUseCase } from './verify-transfer.use-case.js';

// POST /internal/verify: what a chain transaction paid into our addresses, recorded as found.
@Module({
  imports: [DepositAccountsModule, DepositsModule],
  controllers: [InternalVerifyController],
  providers: [VerifyTransferUseCase],
})
export class VerifyModule {}
