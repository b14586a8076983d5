import { Body, Controller, Headers, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { actorOf } from '@shared/util';
import { ReconcileHashResponseDto } from '../transactions/ops.response.dto.js';
import { TransactionErrorResponseDto } from '../transactions/transaction.response.dto.js';
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
