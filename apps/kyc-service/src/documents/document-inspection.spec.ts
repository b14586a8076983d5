import { describe, expect, it } from '@jest/globals';
import { heic, jpeg, pdf, png, text, webp, executable, zip } from '../../test/document-fixtures.js';
import { KycError, KycErrorCode } from '../core/errors/kyc.errors.js';
import { inspectDocument } from './document-inspection.js';

async function refusalOf(bytes: Buffer, declaredType: string): Promise<string> {
  try {
    await inspectDocument({ bytes, declaredType });
  } catch (error) {
    if (error instanceof KycError && error.code === KycErrorCode.INVALID_SUBMISSION) return error.reason;
    throw error;
  }
  throw new Error('expected the document to be refused');
}

const withByte = (bytes: Buffer, offset: number, value: number) => {
  const copy = Buffer.from(bytes);
  copy[offset] = value;
  return copy;
};

describe(inspectDocument.name, () => {
  describe('accepts a complete file of each accepted type', () => {
    it.each([
      ['JPEG', jpeg(), 'image/jpeg', 'image/jpeg'],
      ['JPEG declared with the common alias', jpeg(), 'image/jpg', 'image/jpeg'],
      ['PNG', png(), 'image/png', 'image/png'],
      ['WebP', webp(), 'image/webp', 'image/webp'],
      ['HEIC (heic brand)', heic('heic'), 'image/heic', 'image/heic'],
      ['HEIC (heix brand)', heic('heix'), 'image/heic', 'image/heic'],
      ['HEIF (mif1 brand) declared as HEIC', heic('mif1'), 'image/heic', 'image/heif'],
      ['HEIC declared as HEIF', heic('heic'), 'image/heif', 'image/heic'],
      ['PDF', pdf(), 'application/pdf', 'application/pdf'],
      ['a declared type with parameters and capitals', png(), 'Image/PNG; name=x.png', 'image/png'],
      ['a file declared only as binary', pdf(), 'application/octet-stream', 'application/pdf'],
    ])('%s', async (_case, bytes, declaredType, mimeType) => {
      expect(await inspectDocument({ bytes, declaredType })).toEqual({ bytes, mimeType });
    });
  });

  it('requires a document', async () => {
    await expect(inspectDocument(undefined)).rejects.toThrow('document is required');
  });

  it('refuses an empty file', async () => {
    expect(await refusalOf(Buffer.alloc(0), 'image/png')).toBe('document is empty');
  });

  describe('refuses content of another type, whatever it is declared as', () => {
    const unsupported = 'document must be a JPEG, PNG, WebP or HEIC image, or a PDF';
    it.each([
      ['a Windows executable', executable(), 'image/png'],
      ['a ZIP archive', zip(), 'image/png'],
      ['plain text', text(), 'image/jpeg'],
      ['random bytes', Buffer.from('00112233445566778899aabbccddeeff', 'hex'), 'application/pdf'],
      ['an image sequence (hevc brand)', heic('hevc'), 'image/heic'],
      ['AVIF', heic('avif'), 'image/avif'],
    ])('%s', async (_case, bytes, declaredType) => {
      expect(await refusalOf(bytes, declaredType)).toBe(unsupported);
    });
  });

  describe('refuses a declared type that contradicts the content', () => {
    it.each([
      [png(), 'application/pdf', 'document is declared as application/pdf but its content is image/png'],
      [pdf(), 'image/jpeg', 'document is declared as image/jpeg but its content is application/pdf'],
      [jpeg(), 'image/png', 'document is declared as image/png but its content is image/jpeg'],
      [webp(), 'text/plain', 'document is declared as text/plain but its content is image/webp'],
      [heic(), 'image/png', 'document is declared as image/png but its content is image/heic'],
    ])('%#', async (bytes, declaredType, reason) => {
      expect(await refusalOf(bytes, declaredType)).toBe(reason);
    });
  });

  describe('refuses truncated or corrupt files that start right', () => {
    const incomplete = (label: string) => `document is not a complete ${label} file (truncated or corrupt)`;
    const pngBytes = png();
    const jpegBytes = jpeg();
    const webpBytes = webp();
    const pdfBytes = pdf();
    it.each([
      ['PNG cut inside a chunk', pngBytes.subarray(0, 30), 'image/png', 'PNG'],
      ['PNG without its IEND chunk', pngBytes.subarray(0, pngBytes.length - 12), 'image/png', 'PNG'],
      ['PNG with a damaged chunk', withByte(pngBytes, 40, pngBytes[40]! ^ 0xff), 'image/png', 'PNG'],
      ['PNG with bytes after IEND', Buffer.concat([pngBytes, Buffer.from('x')]), 'image/png', 'PNG'],
      ['PNG cut inside its header', pngBytes.subarray(0, 20), 'image/png', 'PNG'],
      [
        'PNG signature followed by garbage',
        Buffer.concat([pngBytes.subarray(0, 16), Buffer.from('not a png at all, just text')]),
        'image/png',
        'PNG',
      ],
      ['JPEG header only', jpegBytes.subarray(0, 4), 'image/jpeg', 'JPEG'],
      ['JPEG cut inside the scan', jpegBytes.subarray(0, jpegBytes.length - 3), 'image/jpeg', 'JPEG'],
      [
        'JPEG without a scan',
        Buffer.from('ffd8ffe000104a46494600010101004800480000ffd9', 'hex'),
        'image/jpeg',
        'JPEG',
      ],
      ['WebP cut short', webpBytes.subarray(0, webpBytes.length - 4), 'image/webp', 'WebP'],
      ['WebP with a wrong chunk size', withByte(webpBytes, 16, 0x7f), 'image/webp', 'WebP'],
      ['PDF without %%EOF', pdfBytes.subarray(0, pdfBytes.length - 7), 'application/pdf', 'PDF'],
      ['HEIC whose box runs past the end', heic().subarray(0, 20), 'image/heic', 'HEIC'],
      ['HEIC with a dangling box header', Buffer.concat([heic(), Buffer.from('0000')]), 'image/heic', 'HEIC'],
    ])('%s', async (_case, bytes, declaredType, label) => {
      expect(await refusalOf(bytes, declaredType)).toBe(incomplete(label));
    });
  });

  it('tolerates NUL padding after a JPEG end marker', async () => {
    const padded = Buffer.concat([jpeg(), Buffer.alloc(16)]);
    expect((await inspectDocument({ bytes: padded, declaredType: 'image/jpeg' })).mimeType).toBe(
      'image/jpeg',
    );
  });
});
