import { Body, Controller, Headers, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { actorOf } from './operator-actor.js';
import { ReconcileHashRequestDto } from './reconcile-hash.request.dto.js';
import { ReconcileHashUseCase } from './reconcile-hash.use-case.js';
import { ReconcileRefusalAuditInterceptor } from './reconcile-refusal-audit.interceptor.js';

@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/transactions')
export class OpsReconcileController {
  constructor(private readonly reconcileHash: ReconcileHashUseCase) {}

  @Post('reconcile-hash')
  @UseInterceptors(ReconcileRefusalAuditInterceptor)
  @HttpCode(200)
  @ApiHeader({ name: 'X-Operator', required: false, description: 'Who is asking, for the audit trail' })
  @ApiOkResponse({
    description:
      '{ blockchain, on_chain_tx, result: already_processed | enqueued | not_found | invalid | unresolved, transaction_id, status, reason? }',
  })
  reconcile(@Body() body: ReconcileHashRequestDto, @Headers('x-operator') operator: string | undefined) {
    return this.reconcileHash.execute({
      actor: actorOf(operator),
      blockchain: body.blockchain,
      onChainTx: body.on_chain_tx.trim(),
      transactionId: body.transaction_id ?? null,
    });
  }
}
