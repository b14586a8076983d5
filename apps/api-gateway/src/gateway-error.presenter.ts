import { DefaultErrorPresenter, type ErrorPresenter, type PresentedError } from '@platform/http';
import { PartnerError, PartnerErrorCode } from './partners/partners.errors.js';

export class GatewayErrorPresenter implements ErrorPresenter {
  private readonly platform = new DefaultErrorPresenter();

  present(error: unknown): PresentedError | null {
    if (error instanceof PartnerError) {
      return { status: 404, body: { message: partnerErrorMessage(error.code), code: error.code } };
    }
    return this.platform.present(error);
  }

  presentUnexpected(errorId: string): PresentedError {
    return this.platform.presentUnexpected(errorId);
  }
}

function partnerErrorMessage(code: PartnerErrorCode): string {
  switch (code) {
    case PartnerErrorCode.PARTNER_NOT_FOUND:
      return 'Partner not found';
    case PartnerErrorCode.API_KEY_NOT_FOUND:
      return 'API key not found';
  }
}
