import { crc32 } from 'node:zlib';

// Magic bytes only say how a file starts. These checks walk each format's container far enough
// to tell a complete file from a truncated or padded-out one, without decoding the picture.

const PNG_SIGNATURE_BYTES = 8;

export function isCompletePng(bytes: Buffer): boolean {
  let offset = PNG_SIGNATURE_BYTES;
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return false;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (first && (type !== 'IHDR' || length !== 13)) return false;
    if (crc32(bytes.subarray(offset + 4, end - 4)) !== bytes.readUInt32BE(end - 4)) return false;
    if (type === 'IEND') return end === bytes.length;
    first = false;
    offset = end;
  }
  return false;
}

// Marker segments up to the start of scan, then the end-of-image marker closing the file
// (trailing NUL padding, which some cameras write, is tolerated).
export function isCompleteJpeg(bytes: Buffer): boolean {
  let offset = 2;
  let scanFound = false;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9) return false;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    if (marker === 0xda) {
      scanFound = true;
      break;
    }
    offset += 2 + length;
  }
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0x00) end -= 1;
  return scanFound && end >= 4 && bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
}

// RIFF: the declared size covers the whole file and the chunks tile it exactly.
export function isCompleteWebp(bytes: Buffer): boolean {
  if (bytes.length < 20 || bytes.readUInt32LE(4) + 8 !== bytes.length) return false;
  const firstChunk = bytes.toString('latin1', 12, 16);
  if (!['VP8 ', 'VP8L', 'VP8X'].includes(firstChunk)) return false;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return offset === bytes.length;
}

// ISO base media (HEIC/HEIF): a leading `ftyp` box, then boxes that tile the file exactly.
export function isCompleteIsoMedia(bytes: Buffer): boolean {
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) return false;
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (offset === 0 && type !== 'ftyp') return false;
    let size = bytes.readUInt32BE(offset);
    if (size === 0) return true;
    if (size === 1) {
      if (offset + 16 > bytes.length) return false;
      size = Number(bytes.readBigUInt64BE(offset + 8));
      if (size < 16) return false;
    } else if (size < 8) {
      return false;
    }
    offset += size;
  }
  return offset === bytes.length;
}

// A PDF is read from its end: a file without the closing `%%EOF` was cut short.
export function isCompletePdf(bytes: Buffer): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  return bytes.toString('latin1', 0, 5) === '%PDF-' && /%%EOF\s*$/.test(tail);
}
