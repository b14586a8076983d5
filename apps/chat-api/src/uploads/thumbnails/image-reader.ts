import sharp, { type FormatEnum } from 'sharp';
import {
  type StoredThumbnail,
  storedThumbnail,
  thumbnailContentType,
  type ThumbnailFormat,
} from '../../markdown/thumbnail-formats.js';
import { framesToRead, withinPixelLimits } from './image-limits.js';

export interface ImageHeader {
  // As shown: a width and height swapped by the EXIF orientation are given swapped back.
  readonly width: number;
  readonly height: number;
  readonly frames: number;
}

export interface ImageFrames {
  readonly originalWidthPx: number;
  readonly originalHeightPx: number;
  readonly frames: number;
}

// Images through sharp (libvips, as Zulip's pyvips). Only the header is read to accept an upload;
// the thumbnails decode it.
export class ImageReader {
  // The upload's header when it is an image within Zulip's pixel bounds, else undefined (Zulip's
  // maybe_thumbnail: an upload that does not read as an image is kept, just not thumbnailed).
  async header(data: Buffer): Promise<ImageHeader | undefined> {
    try {
      const metadata = await sharp(data).metadata();
      const frames = metadata.pages ?? 1;
      const { width, height } = metadata.autoOrient;
      const pageHeight = metadata.pageHeight ?? height;
      if (!width || !pageHeight || !withinPixelLimits(width, pageHeight, frames)) return undefined;
      return { width, height: frames > 1 ? pageHeight : height, frames };
    } catch {
      return undefined;
    }
  }

  // One thumbnail: fitted inside the format's box, never enlarged, oriented as shown; an
  // animated format keeps as many frames as Zulip's bound allows.
  async thumbnail(
    original: Buffer,
    image: ImageFrames,
    format: ThumbnailFormat,
  ): Promise<{ data: Buffer; stored: StoredThumbnail }> {
    const contentType = thumbnailContentType(format);
    if (!contentType) throw new Error(`No thumbnail writer for .${format.extension}`);
    const pages = framesToRead(image, format.animated);
    let pipeline = sharp(original, { pages });
    // Orientation applies to one frame; EXIF-rotated animations are not a thing cameras make.
    if (pages === 1) pipeline = pipeline.autoOrient();
    const { data, info } = await pipeline
      .resize({ width: format.maxWidth, height: format.maxHeight, fit: 'inside', withoutEnlargement: true })
      .toFormat(format.extension === 'jpg' ? 'jpeg' : (format.extension as keyof FormatEnum))
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      stored: storedThumbnail(format, {
        contentType,
        width: info.width,
        height: format.animated ? (info.pageHeight ?? info.height) : info.height,
        byteSize: data.length,
      }),
    };
  }
}
