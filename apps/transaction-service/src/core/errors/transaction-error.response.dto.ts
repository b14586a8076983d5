import { ApiProperty } from '@nestjs/swagger';

// The refusal body of the transaction routes (`{ code, reason, retryable }`), with every code
// they answer.
export class TransactionErrorResponseDto {
  @ApiProperty({
    enum: [
      'authentication_failed',
      'invalid_request',
      'quote_not_found',
      'quote_expired',
      'corridor_unavailable',
      'amount_above_transaction_limit',
      'transaction_count_limit_reached',
      'daily_limit_reached',
      'payment_method_limit_reached',
      'kyb_pending_limit',
      'kyb_rejected',
      'transaction_not_found',
      'idempotency_key_reused',
      'transfer_not_found',
      'transfer_rejected',
      'deposit_not_found',
      'deposit_already_resolved',
      'deposit_not_assignable',
      'server_error',
    ],
  })
  code!: string;

  @ApiProperty()
  reason!: string;

  @ApiProperty()
  retryable!: boolean;
}
