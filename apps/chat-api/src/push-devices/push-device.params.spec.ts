import { describe, expect, it } from '@jest/globals';
import { PushTokenKind } from './push-device-token.entity.js';
import { registerParams, validateToken } from './push-device.params.js';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('validateToken', () => {
  it('refuses empty and over-long tokens, counting code points', () => {
    expect(refusal(() => validateToken('', PushTokenKind.FCM))).toBe('Empty or invalid length token');
    expect(refusal(() => validateToken('😀'.repeat(4096), PushTokenKind.FCM))).toBeNull();
    expect(refusal(() => validateToken('😀'.repeat(4097), PushTokenKind.FCM))).toBe(
      'Empty or invalid length token',
    );
  });

  it('takes APNs tokens that bytes.fromhex reads, and only those', () => {
    expect(refusal(() => validateToken('C0ffee 00', PushTokenKind.APNS))).toBeNull();
    expect(refusal(() => validateToken('c0f', PushTokenKind.APNS))).toBe('Invalid APNS token');
    expect(refusal(() => validateToken('zz', PushTokenKind.APNS))).toBe('Invalid APNS token');
    expect(refusal(() => validateToken('zz', PushTokenKind.FCM))).toBeNull();
  });
});

describe('push_account_id', () => {
  const parse = (raw: string) => registerParams.push_account_id.type.parse(raw, 'push_account_id');

  it('keeps 64-bit ids exact and refuses what a bigint cannot hold', () => {
    expect(parse('9223372036854775807')).toBe('9223372036854775807');
    expect(parse(' -12 ')).toBe('-12');
    expect(refusal(() => parse('9223372036854775808'))).toBe('push_account_id is too large');
    expect(refusal(() => parse('-9223372036854775809'))).toBe('push_account_id is too small');
    expect(refusal(() => parse('true'))).toBe('push_account_id is not an integer');
  });
});
