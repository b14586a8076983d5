import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { validatePixKey } from './pix-key.validator.js';

// The textbook formulation, independent of ours: ((sum × 10) mod 11) mod 10.
function referenceCpf(nine: string): string {
  const digit = (digits: string) => {
    const weightOfFirst = digits.length + 1;
    const sum = [...digits].reduce((total, d, i) => total + Number(d) * (weightOfFirst - i), 0);
    return ((sum * 10) % 11) % 10;
  };
  const first = digit(nine);
  return `${nine}${first}${digit(`${nine}${first}`)}`;
}

// Weights 2…9 repeating from the rightmost digit.
function referenceCnpj(twelve: string): string {
  const digit = (digits: string) => {
    const sum = [...digits].reverse().reduce((total, d, i) => total + Number(d) * ((i % 8) + 2), 0);
    return sum % 11 < 2 ? 0 : 11 - (sum % 11);
  };
  const first = digit(twelve);
  return `${twelve}${first}${digit(`${twelve}${first}`)}`;
}

const otherDigit = (digit: string, shift: number) => String((Number(digit) + shift) % 10);
const replaceAt = (text: string, index: number, char: string) =>
  text.slice(0, index) + char + text.slice(index + 1);
const notRepeated = (digits: string) => !/^(\d)\1+$/.test(digits);

describe(validatePixKey.name, () => {
  describe('accepts and normalises', () => {
    it.each([
      ['a CPF', '52998224725', 'cpf', '52998224725'],
      ['a formatted CPF', ' 529.982.247-25 ', 'cpf', '52998224725'],
      ['a CNPJ', '11222333000181', 'cnpj', '11222333000181'],
      ['a formatted CNPJ', '11.222.333/0001-81', 'cnpj', '11222333000181'],
      ['a mobile phone', '+5561912345678', 'phone', '+5561912345678'],
      ['a formatted mobile phone', '+55 (61) 91234-5678', 'phone', '+5561912345678'],
      ['a landline', '+55 11 3456-7890', 'phone', '+551134567890'],
      ['an e-mail', 'Fulano.Tal@Example.com', 'email', 'fulano.tal@example.com'],
      ['a random key', '71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D', 'evp', '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d'],
    ])('%s', (_case, raw, kind, key) => {
      expect(validatePixKey(raw)).toEqual({ valid: true, kind, key });
    });
  });

  describe('refuses', () => {
    it.each([
      ['an empty key', '  ', 'The PIX key is empty'],
      ['an over-long key', `${'a'.repeat(120)}@example.com`, 'The PIX key is too long'],
      [
        'a CPF one check digit off',
        '52998224726',
        'The CPF check digits do not match (a phone key must start with +55)',
      ],
      [
        'a phone without +55, read as a CPF',
        '(11) 98765-4321',
        'The CPF check digits do not match (a phone key must start with +55)',
      ],
      ['a CPF of one repeated digit', '111.111.111-11', 'A CPF of one repeated digit is not valid'],
      ['a CNPJ one check digit off', '11.222.333/0001-82', 'The CNPJ check digits do not match'],
      ['a CNPJ of one repeated digit', '00000000000000', 'A CNPJ of one repeated digit is not valid'],
      [
        'a foreign phone',
        '+14155552671',
        'A PIX phone key is +55, a two-digit area code and an 8- or 9-digit number',
      ],
      [
        'a phone too short',
        '+55619123456',
        'A PIX phone key is +55, a two-digit area code and an 8- or 9-digit number',
      ],
      [
        'a phone too long',
        '+556191234567890',
        'A PIX phone key is +55, a two-digit area code and an 8- or 9-digit number',
      ],
      [
        'an area code with a zero',
        '+5501912345678',
        'A PIX phone key is +55, a two-digit area code and an 8- or 9-digit number',
      ],
      [
        'an 11-digit phone not starting with 9',
        '+5561812345678',
        'A PIX phone key is +55, a two-digit area code and an 8- or 9-digit number',
      ],
      [
        'an e-mail without a domain',
        'fulano@',
        'A PIX e-mail key must be a valid address of at most 77 characters',
      ],
      [
        'an e-mail over 77 characters',
        `${'a'.repeat(64)}@${'b'.repeat(9)}.com`,
        'A PIX e-mail key must be a valid address of at most 77 characters',
      ],
      [
        "the manual's example key, a version-1 UUID",
        '123e4567-e12b-12d1-a456-426655440000',
        'A random (EVP) PIX key must be a version-4 UUID',
      ],
      [
        'a document of the wrong length',
        '1234567890',
        'Not a PIX key: expected a CPF, a CNPJ, a +55 phone number, an e-mail address or a random (EVP) key',
      ],
      [
        'free text',
        'chave pix',
        'Not a PIX key: expected a CPF, a CNPJ, a +55 phone number, an e-mail address or a random (EVP) key',
      ],
    ])('%s', (_case, raw, reason) => {
      expect(validatePixKey(raw)).toEqual({ valid: false, reason });
    });
  });

  describe('check digits, for any document', () => {
    const nineDigits = fc.stringMatching(/^\d{9}$/).filter(notRepeated);
    const twelveDigits = fc.stringMatching(/^\d{12}$/).filter(notRepeated);

    it('accepts every CPF the reference signs, formatted or not', () => {
      fc.assert(
        fc.property(nineDigits, (nine) => {
          const cpf = referenceCpf(nine);
          const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
          expect(validatePixKey(cpf)).toEqual({ valid: true, kind: 'cpf', key: cpf });
          expect(validatePixKey(formatted)).toEqual({ valid: true, kind: 'cpf', key: cpf });
        }),
        { numRuns: 300 },
      );
    });

    it('refuses a CPF with either check digit changed', () => {
      fc.assert(
        fc.property(nineDigits, fc.constantFrom(9, 10), fc.integer({ min: 1, max: 9 }), (nine, at, shift) => {
          const cpf = referenceCpf(nine);
          expect(validatePixKey(replaceAt(cpf, at, otherDigit(cpf[at] ?? '0', shift))).valid).toBe(false);
        }),
        { numRuns: 300 },
      );
    });

    it('judges a CPF with any one digit changed exactly as the reference does', () => {
      fc.assert(
        fc.property(
          nineDigits,
          fc.integer({ min: 0, max: 8 }),
          fc.integer({ min: 1, max: 9 }),
          (nine, at, shift) => {
            const altered = replaceAt(nine, at, otherDigit(nine[at] ?? '0', shift));
            const candidate = `${altered}${referenceCpf(nine).slice(9)}`;
            fc.pre(notRepeated(candidate));
            expect(validatePixKey(candidate).valid).toBe(referenceCpf(altered) === candidate);
          },
        ),
        { numRuns: 300 },
      );
    });

    it('accepts every CNPJ the reference signs and refuses it with either check digit changed', () => {
      fc.assert(
        fc.property(
          twelveDigits,
          fc.constantFrom(12, 13),
          fc.integer({ min: 1, max: 9 }),
          (twelve, at, shift) => {
            const cnpj = referenceCnpj(twelve);
            expect(validatePixKey(cnpj)).toEqual({ valid: true, kind: 'cnpj', key: cnpj });
            expect(validatePixKey(replaceAt(cnpj, at, otherDigit(cnpj[at] ?? '0', shift))).valid).toBe(false);
          },
        ),
        { numRuns: 300 },
      );
    });

    it('judges a CNPJ with any one digit changed exactly as the reference does', () => {
      fc.assert(
        fc.property(
          twelveDigits,
          fc.integer({ min: 0, max: 11 }),
          fc.integer({ min: 1, max: 9 }),
          (twelve, at, shift) => {
            const altered = replaceAt(twelve, at, otherDigit(twelve[at] ?? '0', shift));
            const candidate = `${altered}${referenceCnpj(twelve).slice(12)}`;
            fc.pre(notRepeated(candidate));
            expect(validatePixKey(candidate).valid).toBe(referenceCnpj(altered) === candidate);
          },
        ),
        { numRuns: 300 },
      );
    });
  });

  it('accepts any version-4 UUID and normalises it to lower case', () => {
    fc.assert(
      fc.property(fc.uuid({ version: 4 }), (uuid) => {
        expect(validatePixKey(uuid.toUpperCase())).toEqual({
          valid: true,
          kind: 'evp',
          key: uuid.toLowerCase(),
        });
      }),
      { numRuns: 200 },
    );
  });
});
