import { describe, expect, it } from '@jest/globals';
import { parseThumbnailFormat, type StoredThumbnail, storedThumbnail } from './thumbnail-formats.js';
import { previewImageTag, rewriteUploadPreviews, uploadPreviewOf } from './upload-preview.js';

const PATH = '2/ab/Xy/cat.png';
const placeholder = (path: string, title: string) =>
  `<div class="message_inline_image"><a href="/user_uploads/${path}" title="${title}">` +
  '<img class="image-loading-placeholder" data-original-dimensions="40x30" src="/static/images/loading/loader-black.svg"></a></div>';
const made = (name: string): StoredThumbnail =>
  storedThumbnail(parseThumbnailFormat(name)!, {
    contentType: 'image/webp',
    width: 40,
    height: 30,
    byteSize: 10,
  });
const facts = { originalWidthPx: 40, originalHeightPx: 30, frames: 1, contentType: 'image/png' };

describe('upload previews', () => {
  it('points a thumbnailed image at its default thumbnail, with the transcoded format when there is one', () => {
    expect(uploadPreviewOf(PATH, { ...facts, thumbnailMetadata: [] }).thumbnail).toBeNull();
    expect(
      previewImageTag(uploadPreviewOf(PATH, { ...facts, thumbnailMetadata: [made('840x560.webp')] })),
    ).toBe(
      `<img data-original-content-type="image/png" data-original-dimensions="40x30" src="/user_uploads/thumbnail/${PATH}/840x560.webp">`,
    );
    const tiff = uploadPreviewOf('2/ab/Xy/scan.tif', {
      ...facts,
      contentType: 'image/tiff',
      thumbnailMetadata: [made('840x560.webp'), made('4032x3024.webp')],
    });
    expect(previewImageTag(tiff)).toBe(
      '<img data-original-content-type="image/tiff" data-original-dimensions="40x30" data-transcoded-image="4032x3024.webp" ' +
        'src="/user_uploads/thumbnail/2/ab/Xy/scan.tif/840x560.webp">',
    );
  });

  it('replaces only the placeholders of the thumbnailed upload, and removes its previews when it cannot be', () => {
    const other = '2/cd/Zz/dog.png';
    const html = `<p><a href="/user_uploads/${PATH}">cat</a></p>\n${placeholder(PATH, 'cat')}${placeholder(other, 'dog')}`;
    const preview = uploadPreviewOf(PATH, { ...facts, thumbnailMetadata: [made('840x560.webp')] });

    const rewritten = rewriteUploadPreviews(html, PATH, preview)!;
    expect(rewritten).toBe(
      `<p><a href="/user_uploads/${PATH}">cat</a></p>\n` +
        `<div class="message_inline_image"><a href="/user_uploads/${PATH}" title="cat">${previewImageTag(preview)}</a></div>` +
        placeholder(other, 'dog'),
    );
    // Done once, a second pass changes nothing.
    expect(rewriteUploadPreviews(rewritten, PATH, preview)).toBeUndefined();
    expect(
      rewriteUploadPreviews(
        `<p><a href="/user_uploads/${other}">dog</a></p>\n${placeholder(other, 'dog')}`,
        other,
        null,
      ),
    ).toBe(`<p><a href="/user_uploads/${other}">dog</a></p>`);
  });
});
