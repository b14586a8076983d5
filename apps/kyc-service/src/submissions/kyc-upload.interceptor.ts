import {
  BadRequestException,
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { KycServiceConfig } from '../core/kyc-service.config.js';
import { KycError, KycErrorCode, invalidSubmission } from '../core/errors/kyc.errors.js';

export const DOCUMENT_FIELD = 'document';

// The form has eleven fields; a little room for clients that add a harmless extra, no more.
const FORM_LIMITS = { fields: 20, fieldNameSize: 100, fieldSize: 4 * 1024, files: 1, parts: 22 };

const UPLOAD_REASONS = {
  notMultipart: 'The request must be multipart/form-data',
  tooLarge: (limit: number) => `document must not exceed ${limit} bytes`,
  oneFile: `Send exactly one file, in the ${DOCUMENT_FIELD} field`,
  formTooLarge: 'The form has too many fields or a field that is too long',
  malformed: 'The multipart body is malformed',
} as const;

// Reads the multipart form with multer (memory storage, capped) and turns every upload failure
// into a KycError, so the client gets the payout error body instead of the framework's.
@Injectable()
export class KycUploadInterceptor implements NestInterceptor {
  private readonly multipart: NestInterceptor;
  private readonly maxDocumentBytes: number;

  constructor(config: KycServiceConfig) {
    this.maxDocumentBytes = config.KYC_MAX_DOCUMENT_BYTES;
    const Multipart = FileInterceptor(DOCUMENT_FIELD, {
      limits: { ...FORM_LIMITS, fileSize: this.maxDocumentBytes },
    });
    this.multipart = new Multipart();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!request.is('multipart/form-data')) throw invalidSubmission(UPLOAD_REASONS.notMultipart);
    try {
      return await this.multipart.intercept(context, next);
    } catch (error) {
      throw this.refusalFor(error);
    }
  }

  // Nest has already turned multer's coded errors into HTTP exceptions carrying multer's own
  // message; those messages are fixed per multer error code.
  private refusalFor(error: unknown): unknown {
    if (error instanceof PayloadTooLargeException) {
      return new KycError(KycErrorCode.DOCUMENT_TOO_LARGE, UPLOAD_REASONS.tooLarge(this.maxDocumentBytes));
    }
    if (!(error instanceof BadRequestException)) return error;
    if (/^(Unexpected file field|Too many files)/.test(error.message)) {
      return invalidSubmission(UPLOAD_REASONS.oneFile);
    }
    if (error.message.startsWith('Multipart')) return invalidSubmission(UPLOAD_REASONS.malformed);
    return invalidSubmission(UPLOAD_REASONS.formTooLarge);
  }
}
