import { Readable } from 'node:stream';
import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiProduces,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentIdentity, PartnerAuth } from '@platform/http';
import type { PartnerIdentity } from '@shared/contracts';
import { TransactionErrorResponseDto } from '../core/errors/transaction-error.response.dto.js';
import { transactionCallerOf } from '../core/transaction-caller.js';
import { TransactionFilterRequestDto } from '../transactions/transaction-filter.request.dto.js';
import { TransactionCsvExport } from './transaction-csv-export.js';
import { TransactionFiguresResponseDto } from './transaction-figures.dto.js';
import { TransactionFiguresView } from './transaction-figures.view.js';

// The web console's overview figures and CSV download, over the transaction list's filter.
@ApiTags('Transactions')
@ApiSecurity('apiKey')
@ApiSecurity('bearer')
@ApiBadRequestResponse({ type: TransactionErrorResponseDto })
@ApiUnauthorizedResponse({ type: TransactionErrorResponseDto })
@PartnerAuth()
@Controller('transactions')
export class TransactionReportsController {
  constructor(
    private readonly csv: TransactionCsvExport,
    private readonly figures: TransactionFiguresView,
  ) {}

  @Get('figures')
  @ApiOkResponse({ type: TransactionFiguresResponseDto })
  overview(@CurrentIdentity() partner: PartnerIdentity, @Query() query: TransactionFilterRequestDto) {
    return this.figures.of(transactionCallerOf(partner), query);
  }

  // Streamed a batch at a time: the answer starts before the last row is read.
  @Get('export')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description:
      'RFC 4180 CSV with a header row, newest first: id, created_at, status, status_changed_at, user_id, transaction_reference, blockchain, crypto_currency, source_amount, payment_method, target_currency, target_amount, refund_status, on_chain_tx_hash. Amounts are exact decimal text; free text starting with = + - @ is prefixed with an apostrophe',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  export(
    @CurrentIdentity() partner: PartnerIdentity,
    @Query() query: TransactionFilterRequestDto,
  ): StreamableFile {
    return new StreamableFile(Readable.from(this.csv.chunks(transactionCallerOf(partner), query)), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="transactions.csv"',
    }).setErrorHandler(cutOff);
  }
}

// A batch that fails after the header row went out: the connection is cut before the final
// chunk, so the client sees a failed download, not a shorter file that looks complete (Nest's
// default ends the answer normally, or echoes the driver's message as a 400 before any row).
function cutOff(_error: Error, response: object): void {
  // Express's response, which Nest types only by what its own handler uses.
  (response as { destroy(): void }).destroy();
}
