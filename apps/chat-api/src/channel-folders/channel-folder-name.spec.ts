import { describe, expect, it } from '@jest/globals';
import { checkChannelFolderName } from './channel-folder-name.js';

describe(checkChannelFolderName.name, () => {
  it('accepts printable names, spaces and emoji included', () => {
    expect(() => checkChannelFolderName('Front end 🚀')).not.toThrow();
  });

  it.each(['', '   ', '\t'])('refuses the blank name %j', (name) => {
    expect(() => checkChannelFolderName(name)).toThrow("Channel folder name can't be empty.");
  });

  it('reports the 1-based position of a control or unassigned character, counting code points', () => {
    expect(() => checkChannelFolderName('abc\u0000')).toThrow(
      'Invalid character in channel folder name, at position 4.',
    );
    expect(() => checkChannelFolderName('🚀\u0007')).toThrow(
      'Invalid character in channel folder name, at position 2.',
    );
    expect(() => checkChannelFolderName('a\u{0378}')).toThrow(
      'Invalid character in channel folder name, at position 2.',
    );
  });
});
