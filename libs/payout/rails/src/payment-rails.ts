import { PaymentMethod } from '@shared/contracts';
import type { PaymentRail } from './payment-rail.js';
import { BREB } from './rails/breb.rail.js';
import { PIX } from './rails/pix.rail.js';

// Every fiat rail the platform pays out on. A new rail is one record here (and its
// `PaymentMethod` member), plus its HTTP adapter's URL in transaction-service's config.
export const PAYMENT_RAILS: Readonly<Record<PaymentMethod, PaymentRail>> = {
  [PaymentMethod.PIX]: PIX,
  [PaymentMethod.BREB]: BREB,
};

export function paymentRail(method: PaymentMethod): PaymentRail {
  return PAYMENT_RAILS[method];
}

// The rails whose recipient may be named by a QR code, as a client reads them ("PIX").
export const QR_CODE_RAILS: string = Object.values(PAYMENT_RAILS)
  .filter((rail) => rail.acceptsQrCode)
  .map((rail) => rail.method)
  .join(', ');
