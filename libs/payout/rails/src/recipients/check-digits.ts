// The modulo-11 check digit Brazil's CPF and CNPJ use: weighted sum, and 0 when the rest is 0 or 1.
export function mod11CheckDigit(digits: string, weights: readonly number[]): number {
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

// Eleven digits: nine, then two check digits, the second also covering the first.
export function cpfCheckDigitsMatch(cpf: string): boolean {
  const first = mod11CheckDigit(cpf.slice(0, 9), CPF_WEIGHTS);
  const second = mod11CheckDigit(cpf.slice(0, 9) + first, [11, ...CPF_WEIGHTS]);
  return cpf.slice(9) === `${first}${second}`;
}

// Fourteen digits: twelve (root and branch), then two check digits.
export function cnpjCheckDigitsMatch(cnpj: string): boolean {
  const first = mod11CheckDigit(cnpj.slice(0, 12), CNPJ_WEIGHTS);
  const second = mod11CheckDigit(cnpj.slice(0, 12) + first, [6, ...CNPJ_WEIGHTS]);
  return cnpj.slice(12) === `${first}${second}`;
}

// DIAN's weights for Colombia's NIT, applied from the rightmost digit of the number.
const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

export function nitCheckDigit(nit: string): number {
  const sum = [...nit]
    .reverse()
    .reduce((total, digit, index) => total + Number(digit) * (NIT_WEIGHTS[index] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? rest : 11 - rest;
}
