import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { PartnerAuth } from '@platform/http';
import { DecodeBrCodeRequestDto } from './decode-br-code.request.dto.js';
import { DecodeBrCodeUseCase } from './decode-br-code.use-case.js';
import { DecodedPixQrResponseDto, QrDecoderErrorResponseDto } from './decoded-pix-qr.response.dto.js';

@ApiTags('QR codes')
@ApiSecurity('apiKey')
@PartnerAuth()
@Controller('qr-decoder')
export class QrDecoderController {
  constructor(private readonly decodeBrCode: DecodeBrCodeUseCase) {}

  @Get('br')
  @ApiOperation({ summary: 'Decode a PIX QR code (BR Code) without paying it' })
  @ApiOkResponse({ type: DecodedPixQrResponseDto })
  @ApiBadRequestResponse({ type: QrDecoderErrorResponseDto })
  @ApiUnauthorizedResponse({ type: QrDecoderErrorResponseDto })
  decodeBr(@Query() query: DecodeBrCodeRequestDto): DecodedPixQrResponseDto {
    return { decoded: this.decodeBrCode.execute(query.qrCode) };
  }
}
