import { fileTypeFromBuffer } from 'file-type';
import { invalidSubmission } from '../core/errors/kyc.errors.js';
import {
  isCompleteIsoMedia,
  isCompleteJpeg,
  isCompletePdf,
  isCompletePng,
  isCompleteWebp,
} from './document-structure.js';

export interface UploadedDocument {
  readonly bytes: Buffer;
  // The Content-Type the client gave the file part; never trusted on its own.
  readonly declaredType: string;
}

export interface InspectedDocument {
  readonly bytes: Buffer;
  // What the bytes are, as sniffed: the type stored with the document.
  readonly mimeType: string;
}

interface AcceptedFormat {
  readonly label: string;
  // Declared types that agree with the sniffed one.
  readonly declaredAs: readonly string[];
  readonly isComplete: (bytes: Buffer) => boolean;
}

const HEIF_FAMILY: AcceptedFormat = {
  label: 'HEIC',
  declaredAs: ['image/heic', 'image/heif'],
  isComplete: isCompleteIsoMedia,
};

// Keyed by the type file-type sniffs. HEIC photos carry the `heic`/`heix` brand (sniffed as
// image/heic) or, from some Android cameras, the generic `mif1` brand (sniffed as image/heif):
// both are accepted as HEIC. Image sequences (`hevc`, `msf1`) and AVIF are not.
const ACCEPTED: Readonly<Record<string, AcceptedFormat>> = {
  'image/jpeg': {
    label: 'JPEG',
    declaredAs: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
    isComplete: isCompleteJpeg,
  },
  'image/png': { label: 'PNG', declaredAs: ['image/png'], isComplete: isCompletePng },
  'image/webp': { label: 'WebP', declaredAs: ['image/webp'], isComplete: isCompleteWebp },
  'image/heic': HEIF_FAMILY,
  'image/heif': HEIF_FAMILY,
  'application/pdf': { label: 'PDF', declaredAs: ['application/pdf'], isComplete: isCompletePdf },
};

// The generic "unknown binary" type says nothing about the content, so it contradicts nothing.
const UNDECLARED = 'application/octet-stream';

const DOCUMENT_REASONS = {
  missing: 'document is required',
  empty: 'document is empty',
  unsupported: 'document must be a JPEG, PNG, WebP or HEIC image, or a PDF',
  mismatch: (declared: string, sniffed: string) =>
    `document is declared as ${declared} but its content is ${sniffed}`,
  incomplete: (label: string) => `document is not a complete ${label} file (truncated or corrupt)`,
} as const;

// Decides from the bytes what a document is, and refuses it unless it is a complete file of an
// accepted type whose declared Content-Type agrees.
export async function inspectDocument(upload: UploadedDocument | undefined): Promise<InspectedDocument> {
  if (!upload) throw invalidSubmission(DOCUMENT_REASONS.missing);
  if (upload.bytes.length === 0) throw invalidSubmission(DOCUMENT_REASONS.empty);
  const sniffed = (await fileTypeFromBuffer(upload.bytes))?.mime;
  const format = sniffed === undefined ? undefined : ACCEPTED[sniffed];
  if (sniffed === undefined || !format) throw invalidSubmission(DOCUMENT_REASONS.unsupported);
  const declared = upload.declaredType.split(';')[0]!.trim().toLowerCase();
  if (declared !== UNDECLARED && !format.declaredAs.includes(declared)) {
    throw invalidSubmission(DOCUMENT_REASONS.mismatch(declared, sniffed));
  }
  if (!format.isComplete(upload.bytes)) throw invalidSubmission(DOCUMENT_REASONS.incomplete(format.label));
  return { bytes: upload.bytes, mimeType: sniffed };
}
