import { Injectable } from '@nestjs/common';
import { decimal } from '@payout/money';
import { paymentRail, QR_CODE_RAILS, type KeyValidation } from '@payout/rails';
import type { InternalQuoteView } from '@shared/contracts';
import { DecodeBrCodeUseCase } from '../qr-codes/decode-br-code.use-case.js';
import { invalidTransactionRequest } from '../core/errors/transaction.errors.js';

export interface RecipientInput {
  readonly accountNumber?: string | undefined;
  readonly qrCode?: string | undefined;
}

export interface Recipient {
  readonly accountNumber: string | null;
  readonly qrCode: string | null;
}

type QuoteTerms = Pick<InternalQuoteView, 'paymentMethod' | 'fiatAmount' | 'targetCurrency'>;

// Who receives the fiat: a key of the quote's rail, checked by its format, or (PIX) a BR Code
// whose checksum holds and whose amount, when it carries one, is the quote's.
@Injectable()
export class RecipientCheck {
  constructor(private readonly decodeBrCode: DecodeBrCodeUseCase) {}

  resolve(quote: QuoteTerms, input: RecipientInput): Recipient {
    requireRecipient(input);
    const accountNumber = input.accountNumber?.trim() || null;
    const qrCode = input.qrCode?.trim() || null;
    const rail = paymentRail(quote.paymentMethod);
    if (!rail.acceptsQrCode) {
      if (qrCode) throw invalidTransactionRequest(`qr_code applies to ${QR_CODE_RAILS} payouts only`);
      return { accountNumber: recipientKey(rail.validateRecipientKey(accountNumber ?? '')), qrCode: null };
    }
    const qrKey = qrCode ? this.qrKey(quote, qrCode) : null;
    return {
      accountNumber: accountNumber ? recipientKey(rail.validateRecipientKey(accountNumber)) : qrKey,
      qrCode,
    };
  }

  private qrKey(quote: QuoteTerms, qrCode: string): string | null {
    const decoded = this.decodeBrCode.execute(qrCode);
    if (decoded.currency && decoded.currency !== quote.targetCurrency) {
      throw invalidTransactionRequest(
        `The QR code is for ${decoded.currency}, the quote for ${quote.targetCurrency}`,
      );
    }
    if (decoded.amount && !decimal(decoded.amount).eq(decimal(quote.fiatAmount))) {
      throw invalidTransactionRequest(
        `The QR code amount ${decoded.amount} does not match the quote's ${decimal(quote.fiatAmount).toFixed(2)} ${quote.targetCurrency}`,
      );
    }
    return decoded.account ?? null;
  }
}

// Whatever the quote: a request naming no recipient is refused before the quote is looked up.
export function requireRecipient(input: RecipientInput): void {
  if (!input.accountNumber?.trim() && !input.qrCode?.trim())
    throw invalidTransactionRequest('account_number or qr_code is required');
}

function recipientKey(validation: KeyValidation<string>): string {
  if (!validation.valid) throw invalidTransactionRequest(validation.reason);
  return validation.key;
}
