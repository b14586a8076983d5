import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalAuth } from '@platform/http';
import { GetKycStatusUseCase } from './get-kyc-status.use-case.js';
import { InternalKycStatusRequestDto } from './internal-kyc-status.request.dto.js';

// transaction-service asks whether a partner's user has passed KYC before accepting a quote.
@ApiExcludeController()
@InternalAuth()
@Controller('internal/kyc')
export class InternalKycController {
  constructor(private readonly getKycStatus: GetKycStatusUseCase) {}

  @Get('status')
  status(@Query() query: InternalKycStatusRequestDto) {
    return this.getKycStatus.execute({ partnerId: query.partnerId, scope: 'partner' }, query.userId);
  }
}
