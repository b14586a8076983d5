import { Module } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { strictValidationPipe } from '@platform/http';
import { DecodeBrCodeUseCase } from './qr-codes/decode-br-code.use-case.js';
import { QrDecoderController } from './qr-codes/qr-decoder.controller.js';

@Module({
  controllers: [QrDecoderController],
  providers: [{ provide: APP_PIPE, useFactory: strictValidationPipe }, DecodeBrCodeUseCase],
})
export class TransactionServiceModule {}
