import { Global, Module } from '@nestjs/common';
import { DecodeBrCodeUseCase } from './decode-br-code.use-case.js';
import { QrDecoderController } from './qr-decoder.controller.js';

// Decodes PIX QR codes (BR Codes): for partners, and for the recipient check of a payout.
@Global()
@Module({
  controllers: [QrDecoderController],
  providers: [DecodeBrCodeUseCase],
  exports: [DecodeBrCodeUseCase],
})
export class QrCodesModule {}
