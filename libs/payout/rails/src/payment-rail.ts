import type { PaymentMethod, TargetCurrency } from '@shared/contracts';
import type { KeyValidation } from './recipients/key-validation.js';

// Everything the platform knows about one fiat payout rail that is not I/O (the rail's HTTP
// adapter lives in transaction-service).
export interface PaymentRail {
  readonly method: PaymentMethod;
  readonly currency: TargetCurrency;
  // ISO 3166-1 alpha-2.
  readonly country: string;
  // IANA zone of that country's calendar day: the "day" of the rail's daily payout caps.
  readonly timeZone: string;
  // Checks and normalises a recipient key as the rail's directory stores it.
  validateRecipientKey(raw: string): KeyValidation<string>;
  // Whether a recipient may be given as a QR code (PIX's BR Code) instead of a key.
  readonly acceptsQrCode: boolean;
}
