import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DirectRoute, InternalAuth } from '@platform/http';
import type { VerifyTransferResponse } from '@shared/contracts';
import { VerifyTransferRequestDto } from './verify-transfer.request.dto.js';
import { VerifyTransferUseCase } from './verify-transfer.use-case.js';

@ApiExcludeController()
@InternalAuth()
@Controller('internal/verify')
export class InternalVerifyController {
  constructor(private readonly verifyTransfer: VerifyTransferUseCase) {}

  @Post()
  @HttpCode(200)
  // Called for every reported deposit: served ahead of Express.
  @DirectRoute()
  verify(@Body() body: VerifyTransferRequestDto): Promise<VerifyTransferResponse> {
    return this.verifyTransfer.execute(body);
  }
}
