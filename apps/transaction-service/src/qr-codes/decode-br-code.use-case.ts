import { Injectable } from '@nestjs/common';
import {
  hasError,
  isDynamicPix,
  isRecurrencePix,
  isStaticPix,
  parsePix,
  type PixElements,
  type PixObjects,
} from 'pix-utils';
import { crc16CcittFalse } from './crc16.js';
import { readEmvFields } from './emv-fields.js';
import { QrCodeError, QrCodeErrorCode } from '../core/errors/qr-code.errors.js';

// The EMV QR specification caps a payload at 512 characters.
export const BR_CODE_MAX_LENGTH = 512;

const PIX_GUI = 'br.gov.bcb.pix';
// Field 63 closes every payload: "6304" and the CRC of everything up to and including it.
const CRC_FIELD = /6304([0-9A-Fa-f]{4})$/;
// Field 54: at most 13 characters, digits with an optional "." and cents.
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
// Templates pix-utils reads sub-fields from; it throws on a malformed one, so they are checked first.
const TEMPLATES = ['26', '62', '80'];
const ALPHABETIC_CURRENCY = new Map([
  ['986', 'BRL'],
  ['170', 'COP'],
  ['840', 'USD'],
  ['978', 'EUR'],
]);

// Only what the payload carries. taxId stays absent: a BR Code itself holds no tax id (a dynamic
// code's receiver document lives in the PSP-hosted payload behind its URL, which is not fetched).
export interface DecodedPixQr {
  readonly account?: string;
  readonly amount?: string;
  readonly currency?: string;
  readonly name?: string;
  readonly taxId?: string;
}

@Injectable()
export class DecodeBrCodeUseCase {
  execute(qrCode: string): DecodedPixQr {
    const payload = checkedChecksum(withinLimits(qrCode.trim()));
    const amount = checkedFields(payload).get('54');
    if (amount !== undefined && !AMOUNT.test(amount)) {
      throw new QrCodeError(QrCodeErrorCode.INVALID_AMOUNT, 'The QR code amount is not a valid amount');
    }
    const pix = parse(payload);
    const currency = pix.transactionCurrency?.trim();
    return onlyPresent({
      // Dynamic and recurrence codes carry a URL instead of a key.
      account: isStaticPix(pix) ? pix.pixKey : undefined,
      amount,
      currency: currency && (ALPHABETIC_CURRENCY.get(currency) ?? currency),
      name: pix.merchantName,
    });
  }
}

function withinLimits(payload: string): string {
  if (!payload) throw new QrCodeError(QrCodeErrorCode.MISSING, 'qrCode is required');
  if (payload.length > BR_CODE_MAX_LENGTH) {
    throw new QrCodeError(
      QrCodeErrorCode.TOO_LONG,
      `qrCode must be at most ${BR_CODE_MAX_LENGTH} characters`,
    );
  }
  return payload;
}

// Checked before the structure: a scanner's misread shows as a wrong checksum, the precise answer.
// Returns the payload with its checksum in upper case, the form pix-utils compares against.
function checkedChecksum(payload: string): string {
  const checksum = CRC_FIELD.exec(payload)?.[1]?.toUpperCase();
  if (!checksum) throw unparseable();
  const signed = payload.slice(0, -checksum.length);
  if (crc16CcittFalse(signed) !== checksum) {
    throw new QrCodeError(QrCodeErrorCode.BAD_CHECKSUM, 'The QR code checksum (CRC16) is invalid');
  }
  return `${signed}${checksum}`;
}

// Opens with the format indicator 01 and closes with the CRC; templates well formed; the merchant
// account template is PIX's.
function checkedFields(payload: string): ReadonlyMap<string, string> {
  const fields = readEmvFields(payload);
  const ids = [...(fields?.keys() ?? [])];
  if (!fields || ids[0] !== '00' || fields.get('00') !== '01' || ids.at(-1) !== '63') throw unparseable();
  if (TEMPLATES.some((id) => fields.has(id) && !readEmvFields(fields.get(id) ?? ''))) throw unparseable();
  const gui = readEmvFields(fields.get('26') ?? '')?.get('00');
  if (gui?.toLowerCase() !== PIX_GUI) {
    throw new QrCodeError(QrCodeErrorCode.NOT_PIX, 'The QR code is not a PIX code');
  }
  return fields;
}

// pix-utils' own message is never shown; every failure of it is just "could not be parsed".
function parse(payload: string): PixElements {
  let pix: ReturnType<typeof parsePix>;
  try {
    pix = parsePix(payload);
  } catch {
    throw unparseable();
  }
  if (hasError(pix) || !isPixCode(pix)) throw unparseable();
  return pix;
}

function isPixCode(pix: PixObjects): pix is PixElements {
  return isStaticPix(pix) || isDynamicPix(pix) || isRecurrencePix(pix);
}

function onlyPresent(candidates: Partial<Record<keyof DecodedPixQr, string>>): DecodedPixQr {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(candidates)) {
    const text = value?.trim();
    if (text) decoded[name] = text;
  }
  return decoded;
}

function unparseable() {
  return new QrCodeError(QrCodeErrorCode.UNPARSEABLE, 'The QR code could not be parsed');
}
