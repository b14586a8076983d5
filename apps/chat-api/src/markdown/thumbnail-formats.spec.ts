import { describe, expect, it } from '@jest/globals';
import {
  defaultThumbnailFormat,
  type ImageFacts,
  missingThumbnails,
  parseThumbnailFormat,
  type StoredThumbnail,
  storedThumbnail,
  thumbnailFormatName,
  thumbnailPath,
  transcodedThumbnail,
} from './thumbnail-formats.js';

const image = (facts: Partial<ImageFacts> = {}): ImageFacts => ({
  originalWidthPx: 1000,
  originalHeightPx: 500,
  frames: 1,
  contentType: 'image/png',
  thumbnailMetadata: [],
  ...facts,
});

const stored = (name: string, width: number, height: number): StoredThumbnail =>
  storedThumbnail(parseThumbnailFormat(name)!, { contentType: 'image/webp', width, height, byteSize: 100 });

const names = (facts: Partial<ImageFacts>) => missingThumbnails(image(facts)).map(thumbnailFormatName);

describe('thumbnail formats', () => {
  it('names formats as Zulip does and reads names back, refusing what is not one', () => {
    expect(parseThumbnailFormat('840x560-anim.webp')).toEqual({
      maxWidth: 840,
      maxHeight: 560,
      animated: true,
      extension: 'webp',
    });
    expect(thumbnailFormatName(parseThumbnailFormat('100x75.jpg')!)).toBe('100x75.jpg');
    for (const name of ['840x560', 'x560.webp', '840x560.webp/..', 'big.webp', '840x560-still.webp'])
      expect(parseThumbnailFormat(name)).toBeUndefined();
    expect(thumbnailPath('2/ab/Xy/cat.png', parseThumbnailFormat('840x560.webp')!)).toBe(
      'thumbnail/2/ab/Xy/cat.png/840x560.webp',
    );
  });

  it('makes the still format of a still image, both of an animation, and the transcoded one of types browsers do not show', () => {
    expect(names({})).toEqual(['840x560.webp']);
    expect(names({ frames: 12, contentType: 'image/gif' })).toEqual(['840x560-anim.webp', '840x560.webp']);
    expect(names({ contentType: 'image/tiff' })).toEqual(['840x560.webp', '4032x3024.webp']);
    // A portrait original gets a portrait transcoding.
    expect(names({ contentType: 'image/heic', originalWidthPx: 300, originalHeightPx: 400 })).toEqual([
      '840x560.webp',
      '3024x4032.webp',
    ]);
    // Only what is not made yet is missing.
    expect(names({ thumbnailMetadata: [stored('840x560.webp', 840, 420)] })).toEqual([]);
    expect(names({ frames: 3, thumbnailMetadata: [stored('840x560.webp', 840, 420)] })).toEqual([
      '840x560-anim.webp',
    ]);
  });

  it('shows the first animated format of an animation and the first still one of a still image', () => {
    expect(thumbnailFormatName(defaultThumbnailFormat(1))).toBe('840x560.webp');
    expect(thumbnailFormatName(defaultThumbnailFormat(5))).toBe('840x560-anim.webp');
  });

  it('offers the largest thumbnail made as the transcoded image, only for types browsers do not show', () => {
    const made = [stored('840x560.webp', 840, 420), stored('4032x3024.webp', 1000, 500)];
    expect(transcodedThumbnail(image({ contentType: 'image/tiff', thumbnailMetadata: made }))).toBe(made[1]);
    expect(transcodedThumbnail(image({ thumbnailMetadata: made }))).toBeUndefined();
    expect(transcodedThumbnail(image({ contentType: 'image/tiff' }))).toBeUndefined();
  });
});
