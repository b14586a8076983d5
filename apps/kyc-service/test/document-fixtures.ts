import { crc32, deflateSync } from 'node:zlib';

// Tiny but well-formed documents of every accepted type, built byte by byte so the suites need
// no binary files.

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// A 1×1 greyscale PNG.
export function png(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// A 1×1 baseline-free (arithmetic coded) JPEG: SOI, JFIF, quantisation table, frame, scan, EOI.
export function jpeg(): Buffer {
  return Buffer.from(
    'ffd8ffe000104a46494600010101004800480000' +
      'ffdb004300030202020202030202020303030304060404040404080606050609080a0a090809090a0c0f0c0a0b0e0b09090d110d0e0f101011100a0c12131210130f101010' +
      'ffc9000b080001000101011100' +
      'ffcc000600101005' +
      'ffda0008010100003f00d2cf20' +
      'ffd9',
    'hex',
  );
}

// A 1×1 lossless WebP.
export function webp(): Buffer {
  return Buffer.from('524946461a000000574542505650384c0d0000002f00000010071011118888fe0700', 'hex');
}

// An ISO base media file whose only box is an `ftyp` with the HEIC brand (or another brand).
export function heic(brand = 'heic'): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brand, 8, 'latin1');
  box.writeUInt32BE(0, 12);
  box.write('mif1', 16, 'latin1');
  box.write(brand, 20, 'latin1');
  return box;
}

// A one-page PDF, with `content` as an embedded stream when given.
export function pdf(content?: string): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
      '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
      '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 3 3]>> endobj',
      ...(content === undefined
        ? []
        : [`4 0 obj <</Length ${content.length}>> stream`, content, 'endstream endobj']),
      'trailer <</Root 1 0 R>>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

// The anti-malware test file every scanner detects as if it were a virus (harmless text).
export const EICAR = String.raw`X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*`;

// A PDF carrying the EICAR test file, as a document with malware would.
export function eicarPdf(): Buffer {
  return pdf(EICAR);
}

// The first bytes of a Windows executable and of a ZIP archive.
export function executable(): Buffer {
  return Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(126)]);
}

export function zip(): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]);
}

export function text(): Buffer {
  return Buffer.from('This is not a picture of a passport.\n', 'utf8');
}
