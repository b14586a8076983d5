import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DecodeBrCodeUseCase } from './decode-br-code.use-case.js';
import { QrCodeError, QrCodeErrorCode } from '../core/errors/qr-code.errors.js';

// The static and dynamic examples of the central bank's BR Code manual.
const BCB_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const BCB_DYNAMIC =
  '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4';
// The vectors below were signed with pix-utils' own CRC routine, not ours.
const WITH_AMOUNT =
  '00020126660014br.gov.bcb.pix0118fulano@example.com0222Pagamento do pedido 42520400005303986540510.005802BR5913Fulano de Tal6008BRASILIA62120508PEDIDO4263042DB8';
const PHONE_KEY =
  '00020126360014BR.GOV.BCB.PIX0114+556191234567852040000530398654071234.565802BR5913João da Silva6009SAO PAULO62070503***630457D0';
const IN_DOLLARS =
  '00020126360014br.gov.bcb.pix0114+55619123456785204000053038405802BR5913Fulano de Tal6008BRASILIA62070503***63041331';
const OTHER_SCHEME =
  '00020126260015com.example.pay0103abc5204000053039865802BR5913Fulano de Tal6008BRASILIA63044FF5';
const BROKEN_TEMPLATE = '0002012605123455204000053039865802BR5913Fulano de Tal6008BRASILIA63042CC2';
const BAD_AMOUNT =
  '00020126400014br.gov.bcb.pix0118fulano@example.com52040000530398654051O.005802BR5913Fulano de Tal6008BRASILIA62070503***6304410E';

const CRC_OFFSET = -8; // "6304" and the four checksum digits

describe(DecodeBrCodeUseCase.name, () => {
  const sut = new DecodeBrCodeUseCase();

  const refusalOf = (payload: string) => {
    try {
      sut.execute(payload);
    } catch (error) {
      if (error instanceof QrCodeError) return { code: error.code, reason: error.reason };
      throw error;
    }
    throw new Error(`decoded ${payload}`);
  };

  describe('decodes', () => {
    it.each([
      [
        "the central bank's static example",
        BCB_STATIC,
        { account: '123e4567-e12b-12d1-a456-426655440000', currency: 'BRL', name: 'Fulano de Tal' },
      ],
      [
        'a code with an amount, kept as written',
        WITH_AMOUNT,
        { account: 'fulano@example.com', amount: '10.00', currency: 'BRL', name: 'Fulano de Tal' },
      ],
      [
        'a phone key under an upper-case GUI, with an accented name',
        PHONE_KEY,
        { account: '+5561912345678', amount: '1234.56', currency: 'BRL', name: 'João da Silva' },
      ],
      [
        "the central bank's dynamic example, which has a URL and no key",
        BCB_DYNAMIC,
        { currency: 'BRL', name: 'Fulano de Tal' },
      ],
      [
        'a currency other than the real, by its alphabetic code',
        IN_DOLLARS,
        { account: '+5561912345678', currency: 'USD', name: 'Fulano de Tal' },
      ],
      [
        'a code with a lower-case checksum',
        BCB_STATIC.replace(/1D3D$/, '1d3d'),
        { account: '123e4567-e12b-12d1-a456-426655440000', currency: 'BRL', name: 'Fulano de Tal' },
      ],
      ['a code surrounded by whitespace', ` ${BCB_DYNAMIC}\n`, { currency: 'BRL', name: 'Fulano de Tal' }],
    ])('%s', (_case, payload, decoded) => {
      // Strict: a field the payload lacks is absent, never null, undefined or empty.
      expect(sut.execute(payload)).toStrictEqual(decoded);
    });
  });

  describe('refuses', () => {
    it.each([
      ['a blank payload', '   ', QrCodeErrorCode.MISSING, 'qrCode is required'],
      [
        'a payload over 512 characters',
        BCB_STATIC.padEnd(513, '0'),
        QrCodeErrorCode.TOO_LONG,
        'qrCode must be at most 512 characters',
      ],
      [
        'a copy with a wrong checksum',
        BCB_STATIC.replace(/1D3D$/, '1D3E'),
        QrCodeErrorCode.BAD_CHECKSUM,
        'The QR code checksum (CRC16) is invalid',
      ],
      [
        'a copy with the name altered',
        BCB_STATIC.replace('Fulano', 'Fulana'),
        QrCodeErrorCode.BAD_CHECKSUM,
        'The QR code checksum (CRC16) is invalid',
      ],
      [
        'a truncated payload',
        BCB_STATIC.slice(0, 60),
        QrCodeErrorCode.UNPARSEABLE,
        'The QR code could not be parsed',
      ],
      [
        'a payload missing its checksum',
        BCB_STATIC.slice(0, CRC_OFFSET),
        QrCodeErrorCode.UNPARSEABLE,
        'The QR code could not be parsed',
      ],
      ['a random string', 'hello, world', QrCodeErrorCode.UNPARSEABLE, 'The QR code could not be parsed'],
      [
        'a well-signed payload whose last length swallows the checksum field',
        '0002019910ab6304' + '0DBF',
        QrCodeErrorCode.UNPARSEABLE,
        'The QR code could not be parsed',
      ],
      [
        'a well-signed payload whose merchant template is malformed',
        BROKEN_TEMPLATE,
        QrCodeErrorCode.UNPARSEABLE,
        'The QR code could not be parsed',
      ],
      [
        'an EMV code of another payment scheme',
        OTHER_SCHEME,
        QrCodeErrorCode.NOT_PIX,
        'The QR code is not a PIX code',
      ],
      [
        'an amount that is not a number',
        BAD_AMOUNT,
        QrCodeErrorCode.INVALID_AMOUNT,
        'The QR code amount is not a valid amount',
      ],
    ])('%s', (_case, payload, code, reason) => {
      expect(refusalOf(payload)).toEqual({ code, reason });
    });

    it('detects any single-character change before the checksum field', () => {
      const signedLength = BCB_STATIC.length + CRC_OFFSET;
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: signedLength - 1 }),
          fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
          (index, replacement) => {
            fc.pre(BCB_STATIC[index] !== replacement);
            const altered = BCB_STATIC.slice(0, index) + replacement + BCB_STATIC.slice(index + 1);
            expect(refusalOf(altered).code).toBe(QrCodeErrorCode.BAD_CHECKSUM);
          },
        ),
        { numRuns: 500 },
      );
    });

    it('answers anything at all with a coded refusal or a decoding, never another error', () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 600 }), (payload) => {
          try {
            sut.execute(payload);
          } catch (error) {
            expect(error).toBeInstanceOf(QrCodeError);
          }
        }),
        { numRuns: 500 },
      );
    });
  });
});
