import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { capRefusalsDescription } from '@payout/errors';
import { CurrentIdentity, DirectRoute, PartnerAuth } from '@platform/http';
import type { PartnerIdentity } from '@shared/contracts';
import { kybRefusalsDescription } from '../core/errors/kyb.errors.js';
import { TransactionErrorResponseDto } from '../core/errors/transaction-error.response.dto.js';
import { IdempotentRequests } from '../idempotency/idempotent-requests.js';
import { AcceptTransactionRequestDto } from './accept-transaction.request.dto.js';
import { AcceptTransactionUseCase } from './accept-transaction.use-case.js';
import { ListTransactionsRequestDto } from './list-transactions.request.dto.js';
import { SearchTransactionsRequestDto } from './search-transactions.request.dto.js';
import { transactionCallerOf } from '../core/transaction-caller.js';
import { TransactionViews } from './transaction-views.js';
import {
  AcceptTransactionResponseDto,
  TransactionListResponseDto,
  TransactionStatusResponseDto,
} from './transaction.response.dto.js';
import { TransactionSearchResponseDto } from './transaction-search.response.dto.js';
import { TransactionStatsRequestDto, TransactionStatsResponseDto } from './transaction-stats.dto.js';
import { TransactionStatsView } from './transaction-stats.view.js';
import { TransactionTimelineResponseDto } from './transaction-timeline.response.dto.js';
import { TransactionTimelines } from './transaction-timelines.port.js';

@ApiTags('Transactions')
@ApiSecurity('apiKey')
@ApiSecurity('bearer')
@ApiBadRequestResponse({ type: TransactionErrorResponseDto })
@ApiUnauthorizedResponse({ type: TransactionErrorResponseDto })
@ApiNotFoundResponse({ type: TransactionErrorResponseDto })
@PartnerAuth()
@Controller()
export class TransactionsController {
  constructor(
    private readonly acceptTransaction: AcceptTransactionUseCase,
    private readonly idempotency: IdempotentRequests,
    private readonly views: TransactionViews,
    private readonly timelines: TransactionTimelines,
    private readonly stats: TransactionStatsView,
  ) {}

  @Post('transaction')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Makes a retry safe' })
  @ApiOkResponse({ type: AcceptTransactionResponseDto })
  @ApiBadRequestResponse({
    type: TransactionErrorResponseDto,
    description: `\`invalid_request\`, \`quote_expired\` or \`corridor_unavailable\`. ${capRefusalsDescription()}`,
  })
  @ApiForbiddenResponse({ type: TransactionErrorResponseDto, description: kybRefusalsDescription() })
  @ApiUnprocessableEntityResponse({ type: TransactionErrorResponseDto })
  accept(
    @CurrentIdentity() partner: PartnerIdentity,
    @Body() body: AcceptTransactionRequestDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ) {
    // bank_code is accepted and dropped here: it never reaches the use case.
    const { quote_id, user_id, account_number, qr_code, tax_id, redirectUrl } = body;
    return this.idempotency.run(partner.partnerId, idempotencyKey, body, () =>
      this.acceptTransaction.execute(transactionCallerOf(partner), {
        quoteId: quote_id,
        userId: user_id,
        accountNumber: account_number,
        qrCode: qr_code ?? undefined,
        taxId: tax_id,
        redirectUrl,
      }),
    );
  }

  // The read partners poll: served ahead of Express (see DirectRoutes).
  @Get('transaction/:id')
  @DirectRoute()
  @ApiOkResponse({ type: TransactionStatusResponseDto })
  status(@CurrentIdentity() partner: PartnerIdentity, @Param('id') id: string) {
    return this.views.status(transactionCallerOf(partner), id);
  }

  // The web console's transaction page.
  @Get('transaction/:id/timeline')
  @ApiOkResponse({ type: TransactionTimelineResponseDto })
  timeline(@CurrentIdentity() partner: PartnerIdentity, @Param('id') id: string) {
    return this.timelines.of(transactionCallerOf(partner), id);
  }

  // The web console's charts.
  @Get('transactions/stats')
  @ApiOkResponse({ type: TransactionStatsResponseDto })
  statistics(@CurrentIdentity() partner: PartnerIdentity, @Query() { days }: TransactionStatsRequestDto) {
    return this.stats.of(transactionCallerOf(partner), days);
  }

  @Get('transactions/list')
  @ApiOkResponse({ type: TransactionListResponseDto })
  list(@CurrentIdentity() partner: PartnerIdentity, @Query() query: ListTransactionsRequestDto) {
    return this.views.page(transactionCallerOf(partner), query);
  }

  // The partner's own transactions, newest first, filtered (the web console's list).
  @Get('transactions')
  @ApiOkResponse({ type: TransactionSearchResponseDto })
  search(@CurrentIdentity() partner: PartnerIdentity, @Query() query: SearchTransactionsRequestDto) {
    return this.views.search(transactionCallerOf(partner), query);
  }
}
