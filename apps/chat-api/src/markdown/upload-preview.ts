import {
  defaultThumbnailFormat,
  type ImageFacts,
  storedFormat,
  thumbnailFormatName,
  thumbnailPath,
  transcodedThumbnail,
} from './thumbnail-formats.js';

// The spinner Zulip shows in place of a thumbnail not made yet.
export const LOADING_PLACEHOLDER_SRC = '/static/images/loading/loader-black.svg';

// What the preview of a linked upload shows: its original dimensions and type, and its default
// thumbnail, or null while the thumbnails are not made (a loading placeholder is shown).
export interface UploadPreview {
  readonly originalWidthPx: number;
  readonly originalHeightPx: number;
  readonly contentType: string;
  readonly thumbnail: {
    readonly url: string;
    readonly animated: boolean;
    // The large format to show instead of an original browsers cannot (data-transcoded-image).
    readonly transcoded: string | undefined;
  } | null;
}

export function uploadPreviewOf(pathId: string, image: ImageFacts): UploadPreview {
  const made = image.thumbnailMetadata.length > 0;
  const format = defaultThumbnailFormat(image.frames);
  const transcoded = transcodedThumbnail(image);
  return {
    originalWidthPx: image.originalWidthPx,
    originalHeightPx: image.originalHeightPx,
    contentType: image.contentType,
    thumbnail: made
      ? {
          url: `/user_uploads/${thumbnailPath(pathId, format)}`,
          animated: format.animated,
          transcoded: transcoded && thumbnailFormatName(storedFormat(transcoded)),
        }
      : null,
  };
}

// The preview's <img>, attributes in lexical order as Zulip's serialisers write them: the
// placeholder as the renderer leaves it (add_a), the thumbnail as rewrite_thumbnailed_images
// makes it.
export function previewImageTag(preview: UploadPreview): string {
  const dimensions = `${preview.originalWidthPx}x${preview.originalHeightPx}`;
  const { thumbnail } = preview;
  if (!thumbnail)
    return `<img class="image-loading-placeholder" data-original-dimensions="${dimensions}" src="${LOADING_PLACEHOLDER_SRC}">`;
  const attributes = [
    ...(thumbnail.animated ? ['data-animated="true"'] : []),
    `data-original-content-type="${escapeAttribute(preview.contentType)}"`,
    `data-original-dimensions="${dimensions}"`,
    ...(thumbnail.transcoded ? [`data-transcoded-image="${escapeAttribute(thumbnail.transcoded)}"`] : []),
    `src="${escapeAttribute(thumbnail.url)}"`,
  ];
  return `<img ${attributes.join(' ')}>`;
}

// Zulip's rewrite_thumbnailed_images for one upload: its loading placeholders become the
// thumbnail, or, when it could not be thumbnailed (null), its preview blocks go. Undefined when
// the HTML has no placeholder of it (already rewritten, or never previewed).
export function rewriteUploadPreviews(
  html: string,
  pathId: string,
  preview: UploadPreview | null,
): string | undefined {
  const block = new RegExp(
    `(<div class="message_inline_image"><a href="/user_uploads/${escapeRegExp(escapeAttribute(pathId))}"(?: title="[^"]*")?>)` +
      '<img class="image-loading-placeholder"[^>]*>(</a></div>)',
    'g',
  );
  const rewritten = preview
    ? html.replace(
        block,
        (_match, open: string, close: string) => `${open}${previewImageTag(preview)}${close}`,
      )
    : html.replace(block, '');
  return rewritten === html ? undefined : rewritten.trim();
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
