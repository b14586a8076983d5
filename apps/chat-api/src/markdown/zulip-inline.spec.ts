import { describe, expect, it } from '@jest/globals';
import { MessageRenderer } from './message-renderer.js';

// Inputs of our own; each expected HTML is what Zulip Server 11 renders for it (Zulip's
// markdown_test_cases.json and test_markdown.py state the rules these follow).
const render = (content: string) => new MessageRenderer().render(content);

describe('Zulip inline Markdown', () => {
  it.each([
    ['plain text keeps quotes unescaped', `it's "fine" & <ok>`, `<p>it's "fine" &amp; &lt;ok&gt;</p>`],
    ['a paragraph keeps its trailing spaces', 'end  ', '<p>end  </p>'],
    ['/me is plain text to the server', '/me waves', '<p>/me waves</p>'],
    [
      'newlines are <br> and keep surrounding spaces',
      'one  \ntwo\n  three',
      '<p>one  <br>\ntwo<br>\n  three</p>',
    ],
    [
      'entities pass through as typed',
      'a&nbsp;b &amp; &#169; &bogus; & c',
      '<p>a&nbsp;b &amp; &#169; &bogus; &amp; c</p>',
    ],
    ['backslash escapes are plain text', String.raw`\*not\* \_x\_`, String.raw`<p>\<em>not\</em> \_x\_</p>`],
  ])('%s', (_name, input, html) => {
    expect(render(input)).toBe(html);
  });

  it.each([
    ['*em* and **strong**', '*one* and **two**', '<p><em>one</em> and <strong>two</strong></p>'],
    ['***both***', '***loud***', '<p><strong><em>loud</em></strong></p>'],
    ['underscores are not emphasis', '_one_ and __two__', '<p>_one_ and __two__</p>'],
    [
      'em needs no space inside its stars',
      'a * b * c and char *p = (int *)q',
      '<p>a * b * c and char *p = (int *)q</p>',
    ],
    ['strong may have spaces inside', '** wide **', '<p><strong> wide </strong></p>'],
    ['strong does not cross lines', '**left\nright**', '<p>**left<br>\nright**</p>'],
    ['em around strong', '*a **b** c*', '<p><em>a <strong>b</strong> c</em></p>'],
    ['strikethrough', 'keep ~~drop this~~ keep', '<p>keep <del>drop this</del> keep</p>'],
    ['strikethrough keeps inner spaces', '~~ gone ~~', '<p><del> gone </del></p>'],
    ['three tildes are no strikethrough', 'a ~~~x~~~ b', '<p>a ~~~x~~~ b</p>'],
    ['escaped HTML inside emphasis', '*<b>x</b>*', '<p><em>&lt;b&gt;x&lt;/b&gt;</em></p>'],
  ])('%s', (_name, input, html) => {
    expect(render(input)).toBe(html);
  });

  it.each([
    [
      'keeps the spaces of a code span',
      '` a ` and ``  b  ``',
      '<p><code> a </code> and <code>  b  </code></p>',
    ],
    ['escapes &, < and > only', '`<"&amp;">`', '<p><code>&lt;"&amp;amp;"&gt;</code></p>'],
    ['a longer run closes only on its own length', '```x `` y```', '<p><code>x `` y</code></p>'],
    [
      'stars inside code do not emphasise',
      '**run `a**b` now**',
      '<p><strong>run <code>a**b</code> now</strong></p>',
    ],
    ['a code span does not cross lines', '`one\ntwo`', '<p>`one<br>\ntwo`</p>'],
  ])('code span: %s', (_name, input, html) => {
    expect(render(input)).toBe(html);
  });

  it.each([
    [
      'a link',
      '[docs](https://example.com/a?b=1&c=2)',
      '<p><a href="https://example.com/a?b=1&amp;c=2">docs</a></p>',
    ],
    [
      'a link without text shows its URL',
      '[ ](https://example.com)',
      '<p><a href="https://example.com">https://example.com</a></p>',
    ],
    [
      'a schemeless link gets http://',
      '[x](example.org/page)',
      '<p><a href="http://example.org/page">x</a></p>',
    ],
    [
      'mailto and tel links',
      '[m](me@example.com) [t](tel:+15551234)',
      '<p><a href="mailto:me@example.com">m</a> <a href="tel:+15551234">t</a></p>',
    ],
    [
      'a relative path stays relative',
      '[up](/user_uploads/1/a.txt)',
      '<p><a href="/user_uploads/1/a.txt">up</a></p>',
    ],
    ['a refused scheme stays text', '[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>'],
    [
      'the text of a refused link is still linkified',
      '[x](javascript:evil.com)',
      '<p>[x](javascript:<a href="http://evil.com">evil.com</a>)</p>',
    ],
    [
      'no title attribute, no image',
      '![pic](https://e.com/p.png "T")',
      '<p>!<a href="https://e.com/p.png">pic</a></p>',
    ],
    ['unicode stays unencoded', '[u](https://例え.jp/パス)', '<p><a href="https://例え.jp/パス">u</a></p>'],
    [
      'reference links are text',
      '[a][b]\n\n[b]: https://example.com',
      '<p>[a][b]</p>\n<p>[b]: <a href="https://example.com">https://example.com</a></p>',
    ],
    [
      'links inside strong',
      '**[bold link](https://example.com)**',
      '<p><strong><a href="https://example.com">bold link</a></strong></p>',
    ],
  ])('link: %s', (_name, input, html) => {
    expect(render(input)).toBe(html);
  });

  it.each([
    [
      'https URL',
      'see https://zulip.com/help/',
      '<p>see <a href="https://zulip.com/help/">https://zulip.com/help/</a></p>',
    ],
    [
      'trailing punctuation stays out',
      'at https://zulip.com/api. Then',
      '<p>at <a href="https://zulip.com/api">https://zulip.com/api</a>. Then</p>',
    ],
    [
      'bare domain gets http://',
      'visit example.org today',
      '<p>visit <a href="http://example.org">example.org</a> today</p>',
    ],
    ['country domain with path', 'ucl.ac.uk/x', '<p><a href="http://ucl.ac.uk/x">ucl.ac.uk/x</a></p>'],
    [
      'file names are not domains',
      'edit notes.md and app.py and app.js',
      '<p>edit notes.md and app.py and app.js</p>',
    ],
    [
      'balanced parentheses',
      '(https://en.wikipedia.org/wiki/Set_(mathematics))',
      '<p>(<a href="https://en.wikipedia.org/wiki/Set_(mathematics)">https://en.wikipedia.org/wiki/Set_(mathematics)</a>)</p>',
    ],
    [
      'e-mail address',
      'mail ann@example.com!',
      '<p>mail <a href="mailto:ann@example.com">ann@example.com</a>!</p>',
    ],
    ['an e-mail with a path is not linked', 'ann@example.com/x', '<p>ann@example.com/x</p>'],
    [
      'after a comma',
      'so,https://example.com/',
      '<p>so,<a href="https://example.com/">https://example.com/</a></p>',
    ],
    ['not inside a word', 'xhttps://example.com', '<p>xhttps://example.com</p>'],
    [
      'refused schemes are text',
      'itms://apple.com/x javascript://x.com',
      '<p>itms://apple.com/x javascript://x.com</p>',
    ],
    [
      'query ampersands are escaped once',
      'http://a.com/?x=1&y=2',
      '<p><a href="http://a.com/?x=1&amp;y=2">http://a.com/?x=1&amp;y=2</a></p>',
    ],
    [
      'a URL glued to ** is not linked',
      '**https://example.com**',
      '<p><strong>https://example.com</strong></p>',
    ],
    [
      'strikethrough around a spaced URL',
      '~~old http://x.co link~~',
      '<p><del>old <a href="http://x.co">http://x.co</a> link</del></p>',
    ],
  ])('bare URL: %s', (_name, input, html) => {
    expect(render(input)).toBe(html);
  });
});
