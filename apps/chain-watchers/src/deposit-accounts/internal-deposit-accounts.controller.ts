import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalAuth } from '@platform/http';
import type { OpenDepositAccountResponse } from '@shared/contracts';
import { OpenDepositAccountRequestDto } from './open-deposit-account.request.dto.js';
import { OpenDepositAccountUseCase } from './open-deposit-account.use-case.js';

@ApiExcludeController()
@InternalAuth()
@Controller('internal/deposit-accounts')
export class InternalDepositAccountsController {
  constructor(private readonly openDepositAccount: OpenDepositAccountUseCase) {}

  @Post()
  @HttpCode(200)
  open(@Body() body: OpenDepositAccountRequestDto): Promise<OpenDepositAccountResponse> {
    return this.openDepositAccount.execute(body);
  }
}
