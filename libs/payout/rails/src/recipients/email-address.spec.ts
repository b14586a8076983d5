import { describe, expect, it } from '@jest/globals';
import { normaliseEmail } from './email-address.js';

const limits = { local: 30, domain: 61, total: 92 };

describe(normaliseEmail.name, () => {
  it('trims and lower-cases an address', () => {
    expect(normaliseEmail('  Fulano.De_Tal+pix@Example.COM.br ', limits)).toBe(
      'fulano.de_tal+pix@example.com.br',
    );
  });

  it.each([
    ['no @', 'fulano.example.com'],
    ['nothing before the @', '@example.com'],
    ['a domain without a dot', 'fulano@localhost'],
    ['two @', 'a@b@example.com'],
    ['a leading dot', '.fulano@example.com'],
    ['consecutive dots', 'fulano..tal@example.com'],
    ['a space inside', 'fulano tal@example.com'],
    ['a label starting with a hyphen', 'fulano@-example.com'],
    ['a local part over the limit', `${'a'.repeat(31)}@example.com`],
    ['a domain over the limit', `fulano@${'a'.repeat(58)}.com`],
  ])('refuses %s', (_case, address) => {
    expect(normaliseEmail(address, limits)).toBeNull();
  });

  it('accepts parts exactly at their limits', () => {
    expect(normaliseEmail(`${'a'.repeat(30)}@${'b'.repeat(57)}.com`, limits)).not.toBeNull();
  });
});
