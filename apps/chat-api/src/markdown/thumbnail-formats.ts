// Zulip 11's image thumbnails (zerver/lib/thumbnail.py): the formats the server makes, their
// names (`840x560.webp`, `840x560-anim.webp`), and which of them a message shows. The renderer
// and the uploads feature (which makes and serves them) share these facts.

export interface ThumbnailFormat {
  readonly extension: string;
  readonly maxWidth: number;
  readonly maxHeight: number;
  readonly animated: boolean;
}

// A thumbnail made, as stored in image_attachment.thumbnail_metadata: Zulip's
// StoredThumbnailFormat, with its field names (they travel in exports).
export interface StoredThumbnail {
  readonly extension: string;
  readonly max_width: number;
  readonly max_height: number;
  readonly animated: boolean;
  readonly content_type: string;
  readonly width: number;
  readonly height: number;
  readonly byte_size: number;
}

// What a message preview needs of an uploaded image (Zulip's ImageAttachment row).
export interface ImageFacts {
  readonly originalWidthPx: number;
  readonly originalHeightPx: number;
  readonly frames: number;
  readonly contentType: string;
  readonly thumbnailMetadata: readonly StoredThumbnail[];
}

// Zulip's THUMBNAIL_OUTPUT_FORMATS: large enough that clients which cannot pick a size still get
// a sharp image; the first animated and the first still one are the ones messages show.
export const THUMBNAIL_OUTPUT_FORMATS: readonly ThumbnailFormat[] = [
  { extension: 'webp', maxWidth: 840, maxHeight: 560, animated: true },
  { extension: 'webp', maxWidth: 840, maxHeight: 560, animated: false },
];

// Made besides those for the image types browsers do not show (Zulip's TRANSCODED_IMAGE_FORMAT),
// turned to portrait for a portrait image.
const TRANSCODED_IMAGE_FORMAT: ThumbnailFormat = {
  extension: 'webp',
  maxWidth: 4032,
  maxHeight: 3024,
  animated: false,
};

// Zulip's THUMBNAIL_ACCEPT_IMAGE_TYPES: the uploads whose bytes are read as an image at all.
export const THUMBNAIL_ACCEPT_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/avif',
  'image/gif',
  'image/heic',
  'image/jpeg',
  'image/png',
  'image/tiff',
  'image/webp',
  'image/svg+xml',
]);

// The accepted types that are not among Zulip's INLINE_MIME_TYPES (browsers do not show them):
// these get the transcoded format too. A uploads spec keeps this in step with the inline list.
export const TRANSCODED_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/heic',
  'image/tiff',
  'image/svg+xml',
]);

const FORMAT_NAME = /^(\d+)x(\d+)(-anim)?\.(\w+)$/;

const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

// A thumbnail's type, by its extension (Zulip guesses it from the file name); undefined for an
// extension no thumbnail is written in.
export function thumbnailContentType(format: ThumbnailFormat): string | undefined {
  return CONTENT_TYPE_BY_EXTENSION[format.extension];
}

export function thumbnailFormatName(format: ThumbnailFormat): string {
  return `${format.maxWidth}x${format.maxHeight}${format.animated ? '-anim' : ''}.${format.extension}`;
}

// A client's requested format (BaseThumbnailFormat.from_string), or undefined when the name is
// not one at all.
export function parseThumbnailFormat(name: string): ThumbnailFormat | undefined {
  const parts = FORMAT_NAME.exec(name);
  if (!parts) return undefined;
  return {
    maxWidth: Number(parts[1]),
    maxHeight: Number(parts[2]),
    animated: parts[3] !== undefined,
    extension: parts[4]!,
  };
}

// A thumbnail as thumbnail_metadata records it: its format and what making it gave.
export function storedThumbnail(
  format: ThumbnailFormat,
  made: {
    readonly contentType: string;
    readonly width: number;
    readonly height: number;
    readonly byteSize: number;
  },
): StoredThumbnail {
  return {
    extension: format.extension,
    content_type: made.contentType,
    max_width: format.maxWidth,
    max_height: format.maxHeight,
    animated: format.animated,
    width: made.width,
    height: made.height,
    byte_size: made.byteSize,
  };
}

export function storedFormat(stored: StoredThumbnail): ThumbnailFormat {
  return {
    extension: stored.extension,
    maxWidth: stored.max_width,
    maxHeight: stored.max_height,
    animated: stored.animated,
  };
}

export function sameFormat(a: ThumbnailFormat, b: ThumbnailFormat): boolean {
  return thumbnailFormatName(a) === thumbnailFormatName(b);
}

// The formats the server would make for this image now (no animated ones for a still image).
export function currentFormats(
  image: Pick<ImageFacts, 'frames' | 'contentType' | 'originalWidthPx' | 'originalHeightPx'>,
): ThumbnailFormat[] {
  const formats = [...THUMBNAIL_OUTPUT_FORMATS];
  if (TRANSCODED_IMAGE_TYPES.has(image.contentType)) {
    const landscape = image.originalWidthPx >= image.originalHeightPx;
    formats.push({
      ...TRANSCODED_IMAGE_FORMAT,
      maxWidth: landscape ? TRANSCODED_IMAGE_FORMAT.maxWidth : TRANSCODED_IMAGE_FORMAT.maxHeight,
      maxHeight: landscape ? TRANSCODED_IMAGE_FORMAT.maxHeight : TRANSCODED_IMAGE_FORMAT.maxWidth,
    });
  }
  return image.frames === 1 ? formats.filter((format) => !format.animated) : formats;
}

// Zulip's missing_thumbnails: the current formats not yet made.
export function missingThumbnails(image: ImageFacts): ThumbnailFormat[] {
  const made = image.thumbnailMetadata.map(storedFormat);
  return currentFormats(image).filter((format) => !made.some((done) => sameFormat(done, format)));
}

// Zulip's get_default_thumbnail_url: the first output format that is animated exactly when the
// image is.
export function defaultThumbnailFormat(frames: number): ThumbnailFormat {
  const animated = frames > 1;
  return (
    THUMBNAIL_OUTPUT_FORMATS.find((format) => format.animated === animated) ?? THUMBNAIL_OUTPUT_FORMATS[0]!
  );
}

// Where a thumbnail lives, in the upload store and under /user_uploads/ (get_image_thumbnail_path).
export function thumbnailPath(pathId: string, format: ThumbnailFormat): string {
  return `thumbnail/${pathId}/${thumbnailFormatName(format)}`;
}

// Zulip's get_transcoded_format: for a type browsers do not show, the largest thumbnail made.
export function transcodedThumbnail(image: ImageFacts): StoredThumbnail | undefined {
  if (!TRANSCODED_IMAGE_TYPES.has(image.contentType)) return undefined;
  return [...image.thumbnailMetadata].sort((a, b) => a.width * a.height - b.width * b.height).pop();
}
