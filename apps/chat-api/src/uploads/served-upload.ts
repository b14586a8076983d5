import type { Response } from 'express';
import { missingThumbnailImage } from './thumbnails/missing-thumbnail-image.js';
import { isInlineType } from './upload-content-type.js';

// An uploaded file as Zulip serves it: inline only for the types a browser shows safely, else
// as an attachment; never sniffed, and under a CSP that runs nothing should a browser render it.
export function sendUpload(
  response: Response,
  file: { data: Buffer; contentType: string; fileName: string },
): void {
  const disposition = isInlineType(file.contentType) ? 'inline' : 'attachment';
  response
    .status(200)
    .set({
      'Content-Type': file.contentType,
      'Content-Disposition': `${disposition}; ${dispositionFileName(file.fileName)}`,
      'Cache-Control': 'private, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy':
        "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    })
    .end(file.data);
}

// Zulip's refusals of a download are HTML, not the JSON envelope (a browser shows them).
export function sendUploadRefusal(response: Response, status: 403 | 404): void {
  const text =
    status === 404
      ? '<p>This file does not exist or has been deleted.</p>'
      : '<p>You are not authorized to view this file.</p>';
  response.status(status).type('text/html; charset=utf-8').send(text);
}

// A thumbnail the upload does not have: a 404 that is an image, as Zulip's serve_image_error.
export async function sendMissingThumbnail(response: Response): Promise<void> {
  response
    .status(404)
    .set({ 'Content-Type': 'image/png', 'X-Content-Type-Options': 'nosniff' })
    .end(await missingThumbnailImage());
}

// Django's content_disposition_header: an ASCII name quoted with `\` and `"` escaped, any
// other percent-encoded as RFC 5987's filename*.
function dispositionFileName(name: string): string {
  if (/^[\x00-\x7f]*$/.test(name)) return `filename="${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  return `filename*=utf-8''${encodeURIComponent(name)}`;
}
