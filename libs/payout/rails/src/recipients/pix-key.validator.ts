import { cnpjCheckDigitsMatch, cpfCheckDigitsMatch } from './check-digits.js';
import { normaliseEmail } from './email-address.js';
import { invalidKey, KEY_MAX_LENGTH, validKey, type KeyValidation } from './key-validation.js';

export type PixKeyKind = 'cpf' | 'cnpj' | 'phone' | 'email' | 'evp';

// The DICT's limit for e-mail keys.
const EMAIL_LIMITS = { local: 64, domain: 77, total: 77 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
// +55, a two-digit area code (no zeros), then a landline (8 digits from 2) or a mobile (9 from 9).
const PHONE = /^\+55[1-9]{2}(9\d{8}|[2-9]\d{7})$/;
const FORMATTING = /[\s.\-/()]/g;

// A PIX key as the DICT stores it: CPF or CNPJ digits, +55 phone, lower-case e-mail or EVP.
export function validatePixKey(raw: string): KeyValidation<PixKeyKind> {
  const key = raw.trim();
  if (!key) return invalidKey('The PIX key is empty');
  if (key.length > KEY_MAX_LENGTH) return invalidKey('The PIX key is too long');
  if (key.includes('@')) return email(key);
  if (key.startsWith('+')) return phone(key.replace(FORMATTING, ''));
  if (UUID.test(key)) return evp(key.toLowerCase());
  const digits = key.replace(FORMATTING, '');
  if (/^\d{11}$/.test(digits)) return cpf(digits);
  if (/^\d{14}$/.test(digits)) return cnpj(digits);
  return invalidKey(
    'Not a PIX key: expected a CPF, a CNPJ, a +55 phone number, an e-mail address or a random (EVP) key',
  );
}

function email(key: string): KeyValidation<PixKeyKind> {
  const address = normaliseEmail(key, EMAIL_LIMITS);
  return address
    ? validKey('email', address)
    : invalidKey('A PIX e-mail key must be a valid address of at most 77 characters');
}

function phone(key: string): KeyValidation<PixKeyKind> {
  return PHONE.test(key)
    ? validKey('phone', key)
    : invalidKey('A PIX phone key is +55, a two-digit area code and an 8- or 9-digit number');
}

function evp(key: string): KeyValidation<PixKeyKind> {
  return UUID_V4.test(key)
    ? validKey('evp', key)
    : invalidKey('A random (EVP) PIX key must be a version-4 UUID');
}

// Eleven bare digits are a CPF, never a phone: the DICT writes phones with +55.
function cpf(digits: string): KeyValidation<PixKeyKind> {
  if (/^(\d)\1+$/.test(digits)) return invalidKey('A CPF of one repeated digit is not valid');
  return cpfCheckDigitsMatch(digits)
    ? validKey('cpf', digits)
    : invalidKey('The CPF check digits do not match (a phone key must start with +55)');
}

function cnpj(digits: string): KeyValidation<PixKeyKind> {
  if (/^(\d)\1+$/.test(digits)) return invalidKey('A CNPJ of one repeated digit is not valid');
  return cnpjCheckDigitsMatch(digits)
    ? validKey('cnpj', digits)
    : invalidKey('The CNPJ check digits do not match');
}
