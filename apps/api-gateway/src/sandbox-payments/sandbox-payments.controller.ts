import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentIdentity, PartnerAuth } from '@platform/http';
import type { PartnerIdentity } from '@shared/contracts';
import { GatewayErrorResponseDto } from '../core/errors/gateway-error.response.dto.js';
import { PaySandboxDepositRequestDto } from './pay-sandbox-deposit.request.dto.js';
import { PaySandboxDepositUseCase } from './pay-sandbox-deposit.use-case.js';
import { SandboxControlClient } from './sandbox-control.client.js';
import {
  SandboxCapabilitiesResponseDto,
  SandboxDepositResponseDto,
} from './sandbox-payments.response.dto.js';

// Sandbox only: a partner pays its own transaction's deposit on the simulated chain (the web
// console's "Pay this transaction"). Production deployments leave SANDBOX_CONTROL_URL unset.
@ApiTags('Sandbox')
@ApiSecurity('apiKey')
@PartnerAuth()
@Controller('sandbox')
export class SandboxPaymentsController {
  constructor(
    private readonly sandbox: SandboxControlClient,
    private readonly payDeposit: PaySandboxDepositUseCase,
  ) {}

  @Get()
  @ApiOkResponse({ type: SandboxCapabilitiesResponseDto, description: 'What the sandbox offers here' })
  capabilities(): SandboxCapabilitiesResponseDto {
    return { simulatedChains: this.sandbox.available };
  }

  @Post('transactions/:id/deposit')
  @ApiOperation({
    summary: "Pay the transaction's deposit from the sandbox customer wallet (sandbox only)",
    description:
      'Answers 404 `sandbox_unavailable` where the chains are real (production). A transaction whose ' +
      'quote expired is refused (409 `quote_expired`) unless the body asks to pay late.',
  })
  // Optional: the console's button sends none.
  @ApiBody({ type: PaySandboxDepositRequestDto, required: false })
  @ApiCreatedResponse({ type: SandboxDepositResponseDto, description: 'The deposit was sent and confirmed' })
  @ApiNotFoundResponse({
    type: GatewayErrorResponseDto,
    description:
      "`sandbox_unavailable`: not a sandbox deployment; `transaction_not_found`: not this partner's",
  })
  @ApiConflictResponse({
    type: GatewayErrorResponseDto,
    description:
      '`transaction_expired`; `deposit_already_received`: no longer awaiting payment; ' +
      '`deposit_already_sent`: the sandbox paid it already, not yet seen on the chain; ' +
      '`quote_expired`: the quote is over and `late` was not asked (the transaction still awaits ' +
      'its deposit, which would be refunded as expired)',
  })
  pay(
    @CurrentIdentity() partner: PartnerIdentity,
    @Param('id') id: string,
    @Body() { late }: PaySandboxDepositRequestDto,
  ): Promise<SandboxDepositResponseDto> {
    // No body (the console's button) is an empty one: the pipe validates {}.
    return this.payDeposit.execute(partner, { transactionId: id, late: late ?? false });
  }
}
