import { nitCheckDigit } from './check-digits.js';
import { normaliseEmail } from './email-address.js';
import { invalidKey, KEY_MAX_LENGTH, validKey, type KeyValidation } from './key-validation.js';

// Bre-B's "llaves". `document` is an identity number without a check digit (a cédula, most
// often); `nit` is a tax id whose DIAN check digit was given and verified.
export type BrebKeyKind = 'document' | 'nit' | 'phone' | 'email' | 'alphanumeric' | 'merchant_code';

// Bre-B participants' published limits: 30 characters before the @, 61 after.
const EMAIL_LIMITS = { local: 30, domain: 61, total: 92 };
// The "código alfanumérico": @ and 5 to 20 letters or digits. Participants' docs differ on
// whether both letters and digits are required; we do not require both.
const ALPHANUMERIC = /^@[A-Za-z0-9]{5,20}$/;
const MOBILE = /^3\d{9}$/;
const MERCHANT_CODE = /^00\d{8}$/;
// A 10-digit number from 8 or 9 is a company NIT with its check digit: cédulas of 10 digits
// start with 1, and company NITs with 8 or 9.
const COMPANY_NIT_WITH_CHECK_DIGIT = /^[89]\d{9}$/;
const NIT_AS_WRITTEN = /^([1-9]\d{5,9})-(\d)$/;
const DOCUMENT = /^[1-9]\d{5,9}$/;
const FORMATTING = /[\s.\-()]/g;

// A Bre-B key, normalised: phones as +57 and the 10-digit mobile, documents as bare digits (a
// NIT with its check digit appended), e-mail lower-cased, alphanumeric codes as given.
export function validateBrebKey(raw: string): KeyValidation<BrebKeyKind> {
  const key = raw.trim();
  if (!key) return invalidKey('The Bre-B key is empty');
  if (key.length > KEY_MAX_LENGTH) return invalidKey('The Bre-B key is too long');
  if (key.startsWith('@')) return alphanumeric(key);
  if (key.includes('@')) return email(key);
  if (/^\(?\+/.test(key)) return internationalPhone(key.replace(FORMATTING, ''));

  const nitAsWritten = NIT_AS_WRITTEN.exec(key.replace(/[\s.]/g, ''));
  if (nitAsWritten) return nit(nitAsWritten[1] ?? '', nitAsWritten[2] ?? '');
  const digits = key.replace(FORMATTING, '');
  if (!/^\d+$/.test(digits)) {
    return invalidKey(
      'Not a Bre-B key: expected a document number, a +57 mobile number, an e-mail address or an @ code',
    );
  }
  if (MOBILE.test(digits)) return validKey('phone', `+57${digits}`);
  if (MERCHANT_CODE.test(digits)) return validKey('merchant_code', digits);
  if (COMPANY_NIT_WITH_CHECK_DIGIT.test(digits)) return nit(digits.slice(0, 9), digits.slice(9));
  if (DOCUMENT.test(digits)) return validKey('document', digits);
  return invalidKey('A Bre-B document key is a cédula of 6 to 10 digits or a NIT with its check digit');
}

function alphanumeric(key: string): KeyValidation<BrebKeyKind> {
  return ALPHANUMERIC.test(key)
    ? validKey('alphanumeric', key)
    : invalidKey('A Bre-B alphanumeric key is @ followed by 5 to 20 letters or digits');
}

function email(key: string): KeyValidation<BrebKeyKind> {
  const address = normaliseEmail(key, EMAIL_LIMITS);
  return address
    ? validKey('email', address)
    : invalidKey('A Bre-B e-mail key must be a valid address with at most 30 characters before the @');
}

function internationalPhone(key: string): KeyValidation<BrebKeyKind> {
  const national = /^\+57(\d+)$/.exec(key)?.[1] ?? '';
  return MOBILE.test(national)
    ? validKey('phone', `+57${national}`)
    : invalidKey('A Bre-B phone key is +57 and a 10-digit mobile number starting with 3');
}

function nit(base: string, checkDigit: string): KeyValidation<BrebKeyKind> {
  return String(nitCheckDigit(base)) === checkDigit
    ? validKey('nit', `${base}${checkDigit}`)
    : invalidKey('The NIT check digit does not match');
}
