import {
  type ImageFacts,
  parseThumbnailFormat,
  sameFormat,
  storedFormat,
  type StoredThumbnail,
  THUMBNAIL_OUTPUT_FORMATS,
  type ThumbnailFormat,
} from '../../markdown/thumbnail-formats.js';

// Which thumbnail a download of `/user_uploads/thumbnail/{path_id}/{format}` gets (Zulip's
// serve_file): a format made is served; a current one not made yet is made first; a format the
// server does not make gets the closest one made, or nothing when none is.
export type ThumbnailChoice =
  { readonly kind: 'none' } | { readonly kind: 'made' | 'make-first'; readonly format: ThumbnailFormat };

export function chooseThumbnail(formatName: string, image: ImageFacts): ThumbnailChoice {
  const requested = parseThumbnailFormat(formatName);
  if (!requested) return { kind: 'none' };
  const made = image.thumbnailMetadata;
  const isMade = made.some((stored) => sameFormat(storedFormat(stored), requested));
  // No animated thumbnail is made of a still image.
  const current = THUMBNAIL_OUTPUT_FORMATS.filter((format) => image.frames > 1 || !format.animated);
  if (current.some((format) => sameFormat(format, requested)))
    return { kind: isMade ? 'made' : 'make-first', format: requested };
  if (isMade) return { kind: 'made', format: requested };
  const closest = closestThumbnail(requested, made);
  return closest ? { kind: 'made', format: storedFormat(closest) } : { kind: 'none' };
}

// Zulip's closest_thumbnail_format: the same animation first, then the same file type, then the
// nearest width, then the fewest bytes. (Zulip also weighs the browser's Accept header between
// type and width; every format made here is WebP, which every browser takes.)
export function closestThumbnail(
  requested: ThumbnailFormat,
  made: readonly StoredThumbnail[],
): StoredThumbnail | undefined {
  const grade = (stored: StoredThumbnail) => [
    Number(stored.animated !== requested.animated),
    Number(stored.extension !== requested.extension),
    Math.abs(requested.maxWidth - stored.max_width),
    stored.byte_size,
  ];
  return [...made].sort((a, b) => compareGrades(grade(a), grade(b)))[0];
}

function compareGrades(a: readonly number[], b: readonly number[]): number {
  for (let at = 0; at < a.length; at++) if (a[at] !== b[at]) return a[at]! - b[at]!;
  return 0;
}
