import { PaymentMethod, TargetCurrency } from '@shared/contracts';
import type { PaymentRail } from '../payment-rail.js';
import { validateBrebKey } from '../recipients/breb-key.validator.js';

export const BREB: PaymentRail = {
  method: PaymentMethod.BREB,
  currency: TargetCurrency.COP,
  country: 'CO',
  timeZone: 'America/Bogota',
  validateRecipientKey: validateBrebKey,
  acceptsQrCode: false,
};
