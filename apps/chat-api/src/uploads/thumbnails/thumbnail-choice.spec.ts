import { describe, expect, it } from '@jest/globals';
import {
  type ImageFacts,
  parseThumbnailFormat,
  type StoredThumbnail,
  storedThumbnail,
  THUMBNAIL_ACCEPT_IMAGE_TYPES,
  thumbnailFormatName,
  TRANSCODED_IMAGE_TYPES,
} from '../../markdown/thumbnail-formats.js';
import { isInlineType } from '../upload-content-type.js';
import { framesToRead, withinPixelLimits } from './image-limits.js';
import { chooseThumbnail } from './thumbnail-choice.js';

const made = (name: string, byteSize = 10): StoredThumbnail =>
  storedThumbnail(parseThumbnailFormat(name)!, {
    contentType: 'image/webp',
    width: 40,
    height: 30,
    byteSize,
  });
const image = (facts: Partial<ImageFacts>): ImageFacts => ({
  originalWidthPx: 40,
  originalHeightPx: 30,
  frames: 1,
  contentType: 'image/png',
  thumbnailMetadata: [],
  ...facts,
});
const chosen = (name: string, facts: Partial<ImageFacts>) => {
  const choice = chooseThumbnail(name, image(facts));
  return choice.kind === 'none' ? 'none' : `${choice.kind} ${thumbnailFormatName(choice.format)}`;
};

describe('chooseThumbnail', () => {
  it('serves a format made, and makes a current one first when the worker has not yet', () => {
    expect(chosen('840x560.webp', { thumbnailMetadata: [made('840x560.webp')] })).toBe('made 840x560.webp');
    expect(chosen('840x560.webp', {})).toBe('make-first 840x560.webp');
    expect(chosen('840x560-anim.webp', { frames: 4 })).toBe('make-first 840x560-anim.webp');
  });

  it('answers a name that is no format, or a format not made of an image with nothing made, with none', () => {
    expect(chosen('large.webp', { thumbnailMetadata: [made('840x560.webp')] })).toBe('none');
    // No animated thumbnail is ever made of a still image.
    expect(chosen('840x560-anim.webp', {})).toBe('none');
    expect(chosen('100x75.jpg', {})).toBe('none');
  });

  it('stands the closest format made in for another: same animation, same type, nearest width, fewest bytes', () => {
    const animation = { frames: 4, thumbnailMetadata: [made('840x560-anim.webp'), made('840x560.webp')] };
    expect(chosen('100x75-anim.webp', animation)).toBe('made 840x560-anim.webp');
    expect(chosen('100x75.jpg', animation)).toBe('made 840x560.webp');
    const sizes = {
      thumbnailMetadata: [made('300x200.webp', 50), made('840x560.webp', 5), made('200x100.webp', 9)],
    };
    expect(chosen('250x100.webp', sizes)).toBe('made 200x100.webp');
    // A format made once, though no longer current, is still served.
    expect(chosen('300x200.webp', sizes)).toBe('made 300x200.webp');
  });

  it('transcodes exactly the accepted image types browsers are not given inline', () => {
    for (const type of THUMBNAIL_ACCEPT_IMAGE_TYPES)
      expect([type, TRANSCODED_IMAGE_TYPES.has(type)]).toEqual([type, !isInlineType(type)]);
  });
});

describe('image pixel bounds', () => {
  it('keeps a still image within 90 megapixels and an animation’s first three frames within 30', () => {
    expect(withinPixelLimits(9000, 10_000, 1)).toBe(true);
    expect(withinPixelLimits(9001, 10_000, 1)).toBe(false);
    expect(withinPixelLimits(1000, 10_000, 100)).toBe(true);
    expect(withinPixelLimits(1001, 10_000, 100)).toBe(false);
  });

  it('reads one frame for a still thumbnail, and as many frames as fit 30 megapixels for an animated one', () => {
    const animation = { originalWidthPx: 1000, originalHeightPx: 1000, frames: 50 };
    expect(framesToRead(animation, false)).toBe(1);
    expect(framesToRead(animation, true)).toBe(30);
    expect(framesToRead({ ...animation, frames: 29 }, true)).toBe(29);
  });
});
