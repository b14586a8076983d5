import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { actorOf } from '@shared/util';
import { TransactionErrorResponseDto } from '../core/errors/transaction-error.response.dto.js';
import { AssignHeldDepositRequestDto } from './assign-held-deposit.request.dto.js';
import { HeldDepositAuditResponseDto, ListHeldDepositAuditRequestDto } from './held-deposit-audit.dto.js';
import { HeldDepositAuditsRepository } from './held-deposit-audits.repository.js';
import { HeldDepositRefusalAuditInterceptor } from './held-deposit-refusal-audit.interceptor.js';
import { HeldDepositResponseDto } from './held-deposit.response.dto.js';
import { RefundHeldDepositRequestDto } from './refund-held-deposit.request.dto.js';
import { ResolveHeldDepositUseCase } from './resolve-held-deposit.use-case.js';

const OPERATOR = { name: 'X-Operator', required: false, description: 'Who is asking, for the audit trail' };
const ALREADY_RESOLVED =
  'deposit_already_resolved: it funds a transaction or was refunded, and this is not the request that resolved it (the reason says what did)';

// Operators finish the held transfers of GET /ops/deposits/unmatched: back to the sender (or to
// an address they name), or to the transaction they pay. Every request is audited.
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/deposits')
export class OpsHeldDepositsController {
  constructor(
    private readonly resolveHeldDeposit: ResolveHeldDepositUseCase,
    private readonly audits: HeldDepositAuditsRepository,
  ) {}

  // No GET route of this path takes an id, so "audit" is never read as one.
  @Get('audit')
  @ApiOkResponse({
    type: HeldDepositAuditResponseDto,
    description: 'Who refunded or assigned which held transfer, when, and what came of it',
  })
  async audit(
    @Query() { page, pageSize }: ListHeldDepositAuditRequestDto,
  ): Promise<HeldDepositAuditResponseDto> {
    const [entries, total] = await this.audits.page(page, pageSize);
    return {
      page,
      pageSize,
      total,
      entries: entries.map((entry) => ({
        id: entry.id,
        actor: entry.actor,
        action: entry.action,
        depositId: entry.depositId,
        target: entry.target,
        result: entry.result,
        reason: entry.reason,
        requestedAt: entry.requestedAt.toISOString(),
      })),
    };
  }

  @Post(':id/refund')
  @UseInterceptors(HeldDepositRefusalAuditInterceptor)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sends a held transfer back whole: to its sender, or to an address of its chain the operator names',
    description:
      'The deposit leaves the unmatched list (outcome REFUNDED) and chain-watchers sends the refund (reason UNMATCHED). Repeating the request that resolved it answers the same.',
  })
  @ApiHeader(OPERATOR)
  @ApiOkResponse({ type: HeldDepositResponseDto })
  @ApiNotFoundResponse({ type: TransactionErrorResponseDto, description: 'deposit_not_found' })
  @ApiConflictResponse({ type: TransactionErrorResponseDto, description: ALREADY_RESOLVED })
  refund(
    @Param('id') id: string,
    @Body() body: RefundHeldDepositRequestDto,
    @Headers('x-operator') operator: string | undefined,
  ): Promise<HeldDepositResponseDto> {
    return this.resolveHeldDeposit.execute({
      actor: actorOf(operator),
      depositId: id,
      action: 'refund',
      destination: body.destination?.trim() || null,
    });
  }

  @Post(':id/assign')
  @UseInterceptors(HeldDepositRefusalAuditInterceptor)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Gives a held transfer to the transaction it pays, under the funding rules',
    description:
      "The transaction must expect the deposit's chain and token; where the transfer went is not checked (the operator names the transaction). Then as a deposit: funded (any excess refunded), WRONG_AMOUNT or PAYMENT_EXPIRED (refunded), or refunded whole when the transaction no longer awaits payment. Repeating the request that resolved it answers the same.",
  })
  @ApiHeader(OPERATOR)
  @ApiOkResponse({ type: HeldDepositResponseDto })
  @ApiNotFoundResponse({
    type: TransactionErrorResponseDto,
    description: 'deposit_not_found, or transaction_not_found',
  })
  @ApiConflictResponse({ type: TransactionErrorResponseDto, description: ALREADY_RESOLVED })
  @ApiUnprocessableEntityResponse({
    type: TransactionErrorResponseDto,
    description:
      'deposit_not_assignable: the transaction expects another chain or token, or was created after the transfer',
  })
  assign(
    @Param('id') id: string,
    @Body() body: AssignHeldDepositRequestDto,
    @Headers('x-operator') operator: string | undefined,
  ): Promise<HeldDepositResponseDto> {
    return this.resolveHeldDeposit.execute({
      actor: actorOf(operator),
      depositId: id,
      action: 'assign',
      transactionId: body.transaction_id,
    });
  }
}
