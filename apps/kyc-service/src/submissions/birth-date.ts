import { invalidSubmission } from '../core/errors/kyc.errors.js';

// The calendar date of an ISO 8601 date or date-time (as written, before any time zone shift),
// which must be strictly before today (UTC).
export function birthDateBefore(today: Date, dateOfBirth: string): string {
  const calendarDate = dateOfBirth.slice(0, 10);
  if (calendarDate >= today.toISOString().slice(0, 10)) {
    throw invalidSubmission('dateOfBirth must be a date in the past');
  }
  return calendarDate;
}
