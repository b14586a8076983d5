export enum PartnerErrorCode {
  PARTNER_NOT_FOUND = 'partner_not_found',
  API_KEY_NOT_FOUND = 'api_key_not_found',
  API_KEY_QUOTA_REACHED = 'api_key_quota_reached',
}

type PlainCode = Exclude<PartnerErrorCode, PartnerErrorCode.API_KEY_QUOTA_REACHED>;

// What was refused, with what its reason names: the partner's quota for API_KEY_QUOTA_REACHED.
export type PartnerRefusal =
  | { readonly code: PlainCode }
  | { readonly code: PartnerErrorCode.API_KEY_QUOTA_REACHED; readonly maxActiveKeys: number };

export class PartnerError extends Error {
  readonly refusal: PartnerRefusal;

  constructor(refusal: PartnerRefusal | PlainCode) {
    const refused = typeof refusal === 'string' ? { code: refusal } : refusal;
    super(refused.code);
    this.name = 'PartnerError';
    this.refusal = refused;
  }

  get code(): PartnerErrorCode {
    return this.refusal.code;
  }
}
