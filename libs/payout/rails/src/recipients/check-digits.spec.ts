import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { cnpjCheckDigitsMatch, cpfCheckDigitsMatch, nitCheckDigit } from './check-digits.js';

// DIAN's own formulation, independent of ours: the number padded to 15 digits, weights from the left.
const DIAN_WEIGHTS_FROM_LEFT = [71, 67, 59, 53, 47, 43, 41, 37, 29, 23, 19, 17, 13, 7, 3];
function dianReference(nit: string): number {
  const padded = nit.padStart(15, '0');
  const sum = [...padded].reduce(
    (total, digit, index) => total + Number(digit) * (DIAN_WEIGHTS_FROM_LEFT[index] ?? 0),
    0,
  );
  return sum % 11 > 1 ? 11 - (sum % 11) : sum % 11;
}

describe(cpfCheckDigitsMatch.name, () => {
  it.each(['52998224725', '11144477735'])('accepts the published example %s', (cpf) => {
    expect(cpfCheckDigitsMatch(cpf)).toBe(true);
  });

  it.each(['52998224726', '52998224715', '11144477753'])('refuses %s, a check digit off', (cpf) => {
    expect(cpfCheckDigitsMatch(cpf)).toBe(false);
  });
});

describe(cnpjCheckDigitsMatch.name, () => {
  it.each(['11222333000181', '00000000000191', '33000167000101'])('accepts %s', (cnpj) => {
    expect(cnpjCheckDigitsMatch(cnpj)).toBe(true);
  });

  it.each(['11222333000182', '11222333000191', '00000000000119'])('refuses %s, a check digit off', (cnpj) => {
    expect(cnpjCheckDigitsMatch(cnpj)).toBe(false);
  });
});

describe(nitCheckDigit.name, () => {
  it.each([
    ['800197268', 4], // DIAN itself
    ['890903938', 8],
    ['899999068', 1],
    ['860034313', 7],
  ])('gives %s the check digit %i', (nit, checkDigit) => {
    expect(nitCheckDigit(nit)).toBe(checkDigit);
  });

  it("agrees with DIAN's left-to-right formulation for any NIT up to 15 digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{5,14}$/), (nit) => {
        expect(nitCheckDigit(nit)).toBe(dianReference(nit));
      }),
      { numRuns: 500 },
    );
  });
});
