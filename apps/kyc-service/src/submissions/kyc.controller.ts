import { Body, Controller, Get, HttpCode, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentIdentity, PartnerAuth } from '@platform/http';
import type { PartnerIdentity } from '@shared/contracts';
import type { UploadedDocument } from '../documents/document-inspection.js';
import { GetKycStatusUseCase } from './get-kyc-status.use-case.js';
import { kycCallerOf } from './kyc-caller.js';
import { KycStatusRequestDto } from './kyc-status.request.dto.js';
import { KycUploadInterceptor } from './kyc-upload.interceptor.js';
import { KycErrorResponseDto, KycStatusResponseDto, KycSubmitResponseDto } from './kyc.response.dto.js';
import { SubmitKycUseCase } from './submit-kyc.use-case.js';
import { SubmitKycRequestDto } from './submit-kyc.request.dto.js';

// What multer's memory storage hands over for the file part.
interface UploadedFilePart {
  readonly buffer: Buffer;
  readonly mimetype: string;
}

const documentOf = (file: UploadedFilePart | undefined): UploadedDocument | undefined =>
  file && { bytes: file.buffer, declaredType: file.mimetype };

@ApiTags('KYC')
@ApiSecurity('apiKey')
@ApiBadRequestResponse({ type: KycErrorResponseDto })
@ApiUnauthorizedResponse({ type: KycErrorResponseDto })
@PartnerAuth()
@Controller('kyc')
export class KycController {
  constructor(
    private readonly submitKyc: SubmitKycUseCase,
    private readonly getKycStatus: GetKycStatusUseCase,
  ) {}

  @Post()
  @HttpCode(201)
  @UseInterceptors(KycUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiCreatedResponse({ type: KycSubmitResponseDto })
  @ApiPayloadTooLargeResponse({ type: KycErrorResponseDto })
  submit(
    @CurrentIdentity() partner: PartnerIdentity,
    @Body() form: SubmitKycRequestDto,
    @UploadedFile() file: UploadedFilePart | undefined,
  ) {
    return this.submitKyc.execute(kycCallerOf(partner), form, documentOf(file));
  }

  @Get('status')
  @ApiOkResponse({ type: KycStatusResponseDto })
  status(@CurrentIdentity() partner: PartnerIdentity, @Query() query: KycStatusRequestDto) {
    return this.getKycStatus.execute(kycCallerOf(partner), query.userId);
  }
}
