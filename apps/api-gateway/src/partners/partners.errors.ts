export enum PartnerErrorCode {
  PARTNER_NOT_FOUND = 'partner_not_found',
  API_KEY_NOT_FOUND = 'api_key_not_found',
}

export class PartnerError extends Error {
  constructor(readonly code: PartnerErrorCode) {
    super(code);
    this.name = 'PartnerError';
  }
}
