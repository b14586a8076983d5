import { describe, expect, it } from '@jest/globals';
import { presentPartnerError } from './partner-error.presenter.js';
import { PartnerError, PartnerErrorCode } from './partners.errors.js';

describe(presentPartnerError.name, () => {
  it('answers a key past the quota 409 in the gateway shape, naming the quota and how to free a place', () => {
    const error = new PartnerError({ code: PartnerErrorCode.API_KEY_QUOTA_REACHED, maxActiveKeys: 4 });
    const reason =
      'The partner already has 4 active API keys, its quota: revoke one it no longer uses ' +
      '(DELETE /partner/keys/{keyId}) before creating another, or ask operations to raise the quota';
    expect(presentPartnerError(error)).toEqual({
      status: 409,
      body: { message: reason, code: 'api_key_quota_reached', reason, retryable: false },
    });
  });

  it('answers an unknown partner 404', () => {
    const reason = 'Partner not found';
    expect(presentPartnerError(new PartnerError(PartnerErrorCode.PARTNER_NOT_FOUND))).toEqual({
      status: 404,
      body: { message: reason, code: 'partner_not_found', reason, retryable: false },
    });
  });

  it('leaves other errors to the next presenter', () => {
    expect(presentPartnerError(new Error('partner_not_found'))).toBeNull();
  });
});
