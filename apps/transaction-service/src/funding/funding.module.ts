import { Global, Module } from '@nestjs/common';
import { ApplyDepositUseCase } from './apply-deposit.use-case.js';
import { DepositDetectedConsumer } from './deposit-detected.consumer.js';
import { NotifyPaymentUseCase } from './notify-payment.use-case.js';
import { PaymentsNotifyController } from './payments-notify.controller.js';

// What a reported transfer does to its transaction (stream, notify): funds it and schedules the
// payout, or moves it and asks for the refunds the funding rules call for.
@Global()
@Module({
  controllers: [PaymentsNotifyController],
  providers: [ApplyDepositUseCase, NotifyPaymentUseCase, DepositDetectedConsumer],
  exports: [ApplyDepositUseCase],
})
export class FundingModule {}
