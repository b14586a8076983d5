import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { parseThumbnailFormat } from '../../markdown/thumbnail-formats.js';
import { ImageReader } from './image-reader.js';

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

// A two-frame animated GIF of 300x100 frames.
async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    ['#f00', '#00f'].map((colour) => solid(300, 100, colour).png().toBuffer()),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

describe(ImageReader.name, () => {
  const sut = new ImageReader();

  it('reads an image’s header as shown, and nothing of bytes that are no image', async () => {
    expect(await sut.header(await solid(120, 80, '#369').png().toBuffer())).toEqual({
      width: 120,
      height: 80,
      frames: 1,
    });
    // EXIF orientation 6 (a quarter turn): shown 80 wide and 120 high.
    const rotated = await solid(120, 80, '#369').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await sut.header(rotated)).toEqual({ width: 80, height: 120, frames: 1 });
    expect(await sut.header(await animatedGif())).toEqual({ width: 300, height: 100, frames: 2 });
    expect(await sut.header(Buffer.from('not really a png'))).toBeUndefined();
  });

  it('fits a thumbnail inside its format without enlarging it, and keeps an animation’s frames', async () => {
    const still = parseThumbnailFormat('840x560.webp')!;
    const big = await solid(1200, 600, '#369').png().toBuffer();
    const image = { originalWidthPx: 1200, originalHeightPx: 600, frames: 1 };
    const { data, stored } = await sut.thumbnail(big, image, still);
    expect(stored).toEqual({
      extension: 'webp',
      content_type: 'image/webp',
      max_width: 840,
      max_height: 560,
      animated: false,
      width: 840,
      height: 420,
      byte_size: data.length,
    });
    const small = await sut.thumbnail(
      await solid(40, 30, '#369').png().toBuffer(),
      { ...image, originalWidthPx: 40, originalHeightPx: 30 },
      still,
    );
    expect([small.stored.width, small.stored.height]).toEqual([40, 30]);

    const gif = { originalWidthPx: 300, originalHeightPx: 100, frames: 2 };
    const animated = await sut.thumbnail(
      await animatedGif(),
      gif,
      parseThumbnailFormat('840x560-anim.webp')!,
    );
    expect([animated.stored.width, animated.stored.height, animated.stored.animated]).toEqual([
      300,
      100,
      true,
    ]);
    expect((await sharp(animated.data).metadata()).pages).toBe(2);
    const first = await sut.thumbnail(await animatedGif(), gif, still);
    expect((await sharp(first.data).metadata()).pages ?? 1).toBe(1);
  });
});
