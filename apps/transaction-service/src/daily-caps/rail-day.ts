import { paymentRail } from '@payout/rails';
import type { PaymentMethod } from '@shared/contracts';

const formats = new Map<string, Intl.DateTimeFormat>();

// The calendar day (YYYY-MM-DD) at `instant` in the rail's country: the day its daily caps count.
export function railDay(paymentMethod: PaymentMethod, instant: Date): string {
  const { timeZone } = paymentRail(paymentMethod);
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format.format(instant);
}
