import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { nitCheckDigit } from './check-digits.js';
import { validateBrebKey } from './breb-key.validator.js';

const PHONE_REASON = 'A Bre-B phone key is +57 and a 10-digit mobile number starting with 3';
const DOCUMENT_REASON = 'A Bre-B document key is a cédula of 6 to 10 digits or a NIT with its check digit';
const ALPHANUMERIC_REASON = 'A Bre-B alphanumeric key is @ followed by 5 to 20 letters or digits';
const EMAIL_REASON = 'A Bre-B e-mail key must be a valid address with at most 30 characters before the @';
const NOT_A_KEY =
  'Not a Bre-B key: expected a document number, a +57 mobile number, an e-mail address or an @ code';

describe(validateBrebKey.name, () => {
  describe('accepts and normalises', () => {
    it.each([
      ['a mobile with +57', '+573001234567', 'phone', '+573001234567'],
      ['a formatted mobile', '(+57) 300 123-4567', 'phone', '+573001234567'],
      ['a bare 10-digit mobile, as the directory writes it', '300 123 4567', 'phone', '+573001234567'],
      ['a cédula', '1.020.304.050', 'document', '1020304050'],
      ['an older 8-digit cédula', '79.123.456', 'document', '79123456'],
      ['a 6-digit cédula', '123456', 'document', '123456'],
      ['a NIT written with its check digit', '800.197.268-4', 'nit', '8001972684'],
      ['a NIT with its check digit appended', '8909039388', 'nit', '8909039388'],
      [
        "a person's NIT (cédula and check digit)",
        '1020304050-' + nitCheckDigit('1020304050'),
        'nit',
        '1020304050' + nitCheckDigit('1020304050'),
      ],
      ['an e-mail', ' Pagos@Tienda.com.co ', 'email', 'pagos@tienda.com.co'],
      ['an alphanumeric code', '@Juan2024', 'alphanumeric', '@Juan2024'],
      ['a merchant code', '0012345678', 'merchant_code', '0012345678'],
    ])('%s', (_case, raw, kind, key) => {
      expect(validateBrebKey(raw)).toEqual({ valid: true, kind, key });
    });
  });

  describe('refuses', () => {
    it.each([
      ['an empty key', '', 'The Bre-B key is empty'],
      ['an over-long key', '1'.repeat(129), 'The Bre-B key is too long'],
      ['a landline with +57', '+57 601 234 5678', PHONE_REASON],
      ['a mobile one digit short', '+57300123456', PHONE_REASON],
      ['a mobile one digit long', '+5730012345678', PHONE_REASON],
      ['another country', '+5511987654321', PHONE_REASON],
      ['a NIT one check digit off', '800.197.268-5', 'The NIT check digit does not match'],
      ['a 10-digit NIT one check digit off', '8909039389', 'The NIT check digit does not match'],
      ['a document too short', '12345', DOCUMENT_REASON],
      ['a document too long', '123456789012', DOCUMENT_REASON],
      ['a document with a leading zero', '0123456', DOCUMENT_REASON],
      ['a code too short', '@ab12', ALPHANUMERIC_REASON],
      ['a code too long', `@${'a1'.repeat(10)}x`, ALPHANUMERIC_REASON],
      ['a code with a symbol', '@juan_2024', ALPHANUMERIC_REASON],
      ['an e-mail with a long local part', `${'a'.repeat(31)}@tienda.co`, EMAIL_REASON],
      ['an e-mail without a domain dot', 'pagos@tienda', EMAIL_REASON],
      ['a passport number, not accepted yet', 'AB123456', NOT_A_KEY],
    ])('%s', (_case, raw, reason) => {
      expect(validateBrebKey(raw)).toEqual({ valid: false, reason });
    });
  });

  it('accepts any company NIT with its DIAN check digit, and refuses every other check digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[89]\d{8}$/), fc.integer({ min: 1, max: 9 }), (base, shift) => {
        const checkDigit = nitCheckDigit(base);
        const wrong = (checkDigit + shift) % 10;
        expect(validateBrebKey(`${base}-${checkDigit}`)).toEqual({
          valid: true,
          kind: 'nit',
          key: `${base}${checkDigit}`,
        });
        expect(validateBrebKey(`${base}${checkDigit}`)).toEqual({
          valid: true,
          kind: 'nit',
          key: `${base}${checkDigit}`,
        });
        expect(validateBrebKey(`${base}-${wrong}`)).toEqual({
          valid: false,
          reason: 'The NIT check digit does not match',
        });
      }),
      { numRuns: 300 },
    );
  });

  it('reads any +57 mobile, however it is spaced, as the same phone key', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^3\d{9}$/), (mobile) => {
        const spaced = `+57 ${mobile.slice(0, 3)} ${mobile.slice(3, 6)} ${mobile.slice(6)}`;
        expect(validateBrebKey(spaced)).toEqual({ valid: true, kind: 'phone', key: `+57${mobile}` });
      }),
      { numRuns: 200 },
    );
  });

  it('accepts any @ code of 5 to 20 letters and digits as given', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^@[A-Za-z0-9]{5,20}$/), (code) => {
        expect(validateBrebKey(code)).toEqual({ valid: true, kind: 'alphanumeric', key: code });
      }),
      { numRuns: 200 },
    );
  });
});
