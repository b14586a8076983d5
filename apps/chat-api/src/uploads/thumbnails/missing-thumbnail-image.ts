import sharp from 'sharp';

let image: Promise<Buffer> | undefined;

// What Zulip serves, with a 404, for a thumbnail of an upload that has none (its
// image-not-exist.png): an image, so an <img> shows a blank tile rather than a broken one. Ours
// is a plain grey square, drawn once.
export function missingThumbnailImage(): Promise<Buffer> {
  image ??= sharp({ create: { width: 64, height: 64, channels: 3, background: '#d9d9d9' } })
    .png()
    .toBuffer();
  return image;
}
