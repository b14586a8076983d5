// Zulip's image-bomb bounds (zerver/lib/thumbnail.py): no image past about a quarter gigabyte
// of pixels is read; an animation must fit three frames in a third of that.
export const IMAGE_BOMB_TOTAL_PIXELS = 90_000_000;
export const IMAGE_MAX_ANIMATED_PIXELS = IMAGE_BOMB_TOTAL_PIXELS / 3;

// The frames an uploaded image's thumbnails may make (libvips_check_image with
// truncated_animation): a still image within the total, an animation's first three frames
// within the animated bound.
export function withinPixelLimits(width: number, height: number, frames: number): boolean {
  if (frames === 1) return width * height <= IMAGE_BOMB_TOTAL_PIXELS;
  return width * height * Math.min(3, frames) <= IMAGE_MAX_ANIMATED_PIXELS;
}

// How many frames a thumbnail reads (the worker's load options): one for a still thumbnail, all
// of an animation that fits the animated bound, else as many as fit.
export function framesToRead(
  image: { readonly originalWidthPx: number; readonly originalHeightPx: number; readonly frames: number },
  animated: boolean,
): number {
  if (image.frames === 1 || !animated) return 1;
  const pixelsPerFrame = image.originalWidthPx * image.originalHeightPx;
  if (pixelsPerFrame * image.frames < IMAGE_MAX_ANIMATED_PIXELS) return image.frames;
  return Math.floor(IMAGE_MAX_ANIMATED_PIXELS / pixelsPerFrame);
}
