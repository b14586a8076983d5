import { Body, Controller, Get, Headers, HttpCode, Post, Query, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { actorOf } from '@shared/util';
import { ReconcileHashResponseDto } from './reconcile-hash.response.dto.js';
import { TransactionErrorResponseDto } from '../core/errors/transaction-error.response.dto.js';
import { ListReconcileAuditRequestDto, ReconcileAuditResponseDto } from './reconcile-audit.dto.js';
import { ReconcileAuditsRepository } from './reconcile-audits.repository.js';
import { ReconcileHashRequestDto } from './reconcile-hash.request.dto.js';
import { ReconcileHashUseCase } from './reconcile-hash.use-case.js';
import { ReconcileRefusalAuditInterceptor } from './reconcile-refusal-audit.interceptor.js';

@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/transactions')
export class OpsReconcileController {
  constructor(
    private readonly reconcileHash: ReconcileHashUseCase,
    private readonly audits: ReconcileAuditsRepository,
  ) {}

  // Two segments: never read as the :id of GET /ops/transactions/:id.
  @Get('reconcile-hash/audit')
  @ApiOkResponse({
    type: ReconcileAuditResponseDto,
    description: 'Who reconciled what, when, and what came of it',
  })
  async audit(@Query() { page, pageSize }: ListReconcileAuditRequestDto): Promise<ReconcileAuditResponseDto> {
    const [entries, total] = await this.audits.page(page, pageSize);
    return {
      page,
      pageSize,
      total,
      entries: entries.map((entry) => ({
        id: entry.id,
        actor: entry.actor,
        blockchain: entry.blockchain,
        on_chain_tx: entry.onChainTx,
        requestedTransactionId: entry.requestedTransactionId,
        result: entry.result,
        transactionId: entry.transactionId,
        reason: entry.reason,
        requestedAt: entry.requestedAt.toISOString(),
      })),
    };
  }

  @Post('reconcile-hash')
  @UseInterceptors(ReconcileRefusalAuditInterceptor)
  @HttpCode(200)
  @ApiHeader({ name: 'X-Operator', required: false, description: 'Who is asking, for the audit trail' })
  @ApiOkResponse({ type: ReconcileHashResponseDto })
  @ApiNotFoundResponse({ type: TransactionErrorResponseDto, description: 'An unknown transaction_id' })
  reconcile(@Body() body: ReconcileHashRequestDto, @Headers('x-operator') operator: string | undefined) {
    return this.reconcileHash.execute({
      actor: actorOf(operator),
      blockchain: body.blockchain,
      onChainTx: body.on_chain_tx.trim(),
      transactionId: body.transaction_id ?? null,
    });
  }
}
