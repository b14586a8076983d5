import { describe, expect, it } from '@jest/globals';
import { linkedUploadPathIds } from './upload-links.js';

describe(linkedUploadPathIds.name, () => {
  it('finds the path ids of upload links, relative or rooted, once each and decoded', () => {
    const html =
      '<p><a href="/user_uploads/2/ab/Xy_z/a.txt">a</a> <a href="user_uploads/2/cd/Q-r/caf%C3%A9.png">b</a>' +
      ' <a href="/user_uploads/2/ab/Xy_z/a.txt">again</a></p>';
    expect(linkedUploadPathIds(html)).toEqual(['2/ab/Xy_z/a.txt', '2/cd/Q-r/café.png']);
  });

  it('ignores upload paths that are not links (code, text) and malformed encodings', () => {
    const html =
      '<p><code>/user_uploads/2/ab/x/a.txt</code> <a href="/user_uploads/2/ab/x/%E0%A4%A.txt">x</a></p>';
    expect(linkedUploadPathIds(html)).toEqual([]);
  });
});
