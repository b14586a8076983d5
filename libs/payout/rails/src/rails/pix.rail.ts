import { PaymentMethod, TargetCurrency } from '@shared/contracts';
import type { PaymentRail } from '../payment-rail.js';
import { validatePixKey } from '../recipients/pix-key.validator.js';

export const PIX: PaymentRail = {
  method: PaymentMethod.PIX,
  currency: TargetCurrency.BRL,
  country: 'BR',
  timeZone: 'America/Sao_Paulo',
  validateRecipientKey: validatePixKey,
  acceptsQrCode: true,
};
