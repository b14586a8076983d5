import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiProperty,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentIdentity, DirectRoute, PartnerAuth } from '@platform/http';
import { Blockchain, type PartnerIdentity } from '@shared/contracts';
import { transactionCallerOf } from '../core/transaction-caller.js';
import { TransactionErrorResponseDto } from '../core/errors/transaction-error.response.dto.js';
import { LegacyNotifyPaymentRequestDto, NotifyPaymentRequestDto } from './notify-payment.request.dto.js';
import { NotifyPaymentUseCase } from './notify-payment.use-case.js';

class NotifyPaymentResponseDto {
  @ApiProperty({ enum: [true] })
  enqueued!: true;
}

@ApiTags('Payments')
@ApiSecurity('apiKey')
@ApiSecurity('bearer')
@ApiBadRequestResponse({
  type: TransactionErrorResponseDto,
  description: '`invalid_request` (payload, Stellar) or `transfer_rejected` (the transfer does not fund it)',
})
@ApiNotFoundResponse({
  type: TransactionErrorResponseDto,
  description: '`transaction_not_found`, or `transfer_not_found` (retry once confirmed)',
})
@ApiServiceUnavailableResponse({ type: TransactionErrorResponseDto })
@ApiUnauthorizedResponse({ type: TransactionErrorResponseDto })
// Every Solana and Celo deposit is reported here: served ahead of Express (@DirectRoute).
@PartnerAuth()
@Controller()
export class PaymentsNotifyController {
  constructor(private readonly notifyPayment: NotifyPaymentUseCase) {}

  @Post('payments/notify')
  @HttpCode(202)
  // On the method: a controller-level 202 is hidden by the method's @HttpCode in the document.
  @ApiAcceptedResponse({ type: NotifyPaymentResponseDto })
  @DirectRoute()
  @ApiOperation({ summary: 'Report a Solana or Celo transfer for verification and payout' })
  notify(@CurrentIdentity() partner: PartnerIdentity, @Body() body: NotifyPaymentRequestDto) {
    return this.report(partner, body.blockchain, body);
  }

  @Post('solana/payments/notify')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: NotifyPaymentResponseDto })
  @DirectRoute()
  @ApiOperation({ summary: 'Legacy: POST /payments/notify with blockchain SOLANA', deprecated: true })
  notifySolana(@CurrentIdentity() partner: PartnerIdentity, @Body() body: LegacyNotifyPaymentRequestDto) {
    return this.report(partner, Blockchain.SOLANA, body);
  }

  @Post('celo/payments/notify')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: NotifyPaymentResponseDto })
  @DirectRoute()
  @ApiOperation({ summary: 'Legacy: POST /payments/notify with blockchain CELO', deprecated: true })
  notifyCelo(@CurrentIdentity() partner: PartnerIdentity, @Body() body: LegacyNotifyPaymentRequestDto) {
    return this.report(partner, Blockchain.CELO, body);
  }

  private report(partner: PartnerIdentity, blockchain: Blockchain, body: LegacyNotifyPaymentRequestDto) {
    return this.notifyPayment.execute(transactionCallerOf(partner), {
      blockchain,
      onChainTx: body.on_chain_tx.trim(),
      transactionId: body.transaction_id,
    });
  }
}
