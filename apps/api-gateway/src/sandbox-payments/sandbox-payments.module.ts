import { Module } from '@nestjs/common';
import { PresentsErrors } from '../core/errors/presents-errors.js';
import { presentSandboxPaymentError } from './sandbox-payment-error.presenter.js';
import { DepositTargetReader } from './deposit-target.reader.js';
import { PaySandboxDepositUseCase } from './pay-sandbox-deposit.use-case.js';
import { SandboxControlClient } from './sandbox-control.client.js';
import { SandboxPaymentsController } from './sandbox-payments.controller.js';

// /sandbox: paying deposits on the simulated chains, where the sandbox runs.
@PresentsErrors(presentSandboxPaymentError)
@Module({
  controllers: [SandboxPaymentsController],
  providers: [SandboxControlClient, DepositTargetReader, PaySandboxDepositUseCase],
})
export class SandboxPaymentsModule {}
