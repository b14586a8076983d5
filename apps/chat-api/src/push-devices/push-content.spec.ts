import { describe, expect, it } from '@jest/globals';
import { pushContent, truncatedContent } from './push-content.js';

describe('pushContent', () => {
  it('reads text, entities, emoji, images, quotes and ordered lists the way Zulip’s phones show them', () => {
    expect(pushContent('<p>Tea &amp; <strong>cake</strong> &lt;3 &#x1F600;</p>')).toBe('Tea & cake <3 😀');
    expect(
      pushContent(
        '<p><span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span></p>',
      ),
    ).toBe('😄');
    expect(pushContent('<p>see <img alt=":party:" src="/x.png"></p>')).toBe('see :party:');
    expect(pushContent('<blockquote>\n<p>quoted\nlines</p>\n</blockquote>\n<p>reply</p>')).toBe(
      '> quoted\n> lines\n\nreply',
    );
    expect(pushContent('<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>')).toBe('3. three\n4. four');
  });
});

describe('truncatedContent', () => {
  it('keeps 200 code points and marks the cut with an ellipsis', () => {
    expect(truncatedContent('a'.repeat(200))).toEqual({ text: 'a'.repeat(200), truncated: false });
    expect(truncatedContent('😀'.repeat(201))).toEqual({ text: `${'😀'.repeat(200)}…`, truncated: true });
  });
});
