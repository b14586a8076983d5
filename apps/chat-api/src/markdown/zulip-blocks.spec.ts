import { describe, expect, it } from '@jest/globals';
import type { MentionDirectory } from './mention-directory.js';
import { MessageRenderer } from './message-renderer.js';

// Inputs of our own; each expected HTML is what Zulip Server 11 renders for it (Zulip's
// markdown_test_cases.json, test_markdown.py and fenced_code.py state the rules these follow).
const renderer = new MessageRenderer();
const render = (content: string) => renderer.render(content);
const code = (body: string, language?: string) =>
  `<div class="codehilite"${language ? ` data-code-language="${language}"` : ''}><pre><span></span><code>${body}</code></pre></div>`;

describe('Zulip code blocks', () => {
  it.each([
    [
      'a fence without a language',
      'Look:\n```\nx = 1\n```\nDone.',
      `<p>Look:</p>\n${code('x = 1\n')}\n<p>Done.</p>`,
    ],
    [
      'a tilde fence with a language nobody knows',
      '~~~ frobnicate\na < b\n~~~',
      code('a &lt; b\n', 'frobnicate'),
    ],
    ['a known language gets its Pygments name', '```js\nlet x;\n```', code('let x;\n', 'JavaScript')],
    [
      '.lang and {lang} forms',
      '``` .py\nx\n```\n\n```{sql}\ny\n```',
      `${code('x\n', 'Python')}\n${code('y\n', 'SQL')}`,
    ],
    [
      'quotes are escaped by Pygments without a language',
      '```\nsay \'hi\' "there"\n```',
      code('say &#39;hi&#39; &quot;there&quot;\n'),
    ],
    ['quotes stay as typed with a language', "```shellish\necho 'hi'\n```", code("echo 'hi'\n", 'shellish')],
    [
      'trailing spaces and blank end lines go',
      '```\n\nkeep  \n\n  indent\t\n\n```',
      code('keep\n\n  indent\n'),
    ],
    ['an unclosed fence runs to the end', 'a\n````\nb\n```\nc', `<p>a</p>\n${code('b\n```\nc\n')}`],
    ['only the same fence closes it', '~~~~\n~~~\n````\n~~~~', code('~~~\n````\n')],
    ['an empty fence renders nothing', 'x\n```\n```\ny', '<p>x</p>\n<p>y</p>'],
    ['text around a fence is not a fence', '~~~x~~~ and ```y```', '<p>~~~x~~~ and <code>y</code></p>'],
    [
      'an indented block is code',
      'para\n\n    four spaces\n      six',
      `<p>para</p>\n${code('four spaces\n  six\n')}`,
    ],
    ['entities stay escaped in code', '```\n&amp; <b>\n```', code('&amp;amp; &lt;b&gt;\n')],
  ])('%s', (_name, input, html) => {
    expect(render(input)).toBe(html);
  });
});

describe('Zulip quotes and spoilers', () => {
  const ada = { id: 7, fullName: 'Ada Lovelace' };
  const directory: MentionDirectory = {
    usersById: new Map([[7, ada]]),
    usersByName: new Map([['ada lovelace', [ada]]]),
    streamsByName: new Map(),
  };

  it.each([
    [
      'a > quote',
      '> first\nstill\n\nafter',
      '<blockquote>\n<p>first<br>\nstill</p>\n</blockquote>\n<p>after</p>',
    ],
    ['a quote of empty > lines is text', '>\n>', '<p>&gt;<br>\n&gt;</p>'],
    [
      'a ```quote fence',
      'He said:\n```quote\nUse **this**.\n\nReally.\n```',
      '<p>He said:</p>\n<blockquote>\n<p>Use <strong>this</strong>.</p>\n<p>Really.</p>\n</blockquote>',
    ],
    [
      'a code fence inside a quote fence',
      '~~~quote\n```\na\n~~~\n```\n~~~',
      `<blockquote>\n${code('a\n~~~\n')}\n</blockquote>`,
    ],
    [
      'a bare ``` closes a ```quote',
      '```quote\nq\n```\nafter',
      '<blockquote>\n<p>q</p>\n</blockquote>\n<p>after</p>',
    ],
    [
      'a spoiler',
      '```spoiler Plot *twist*\nIt was **me**.\n```\nend',
      '<div class="spoiler-block"><div class="spoiler-header">\n<p>Plot <em>twist</em></p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>It was <strong>me</strong>.</p>\n</div></div>\n<p>end</p>',
    ],
    [
      'a spoiler without a header',
      '```spoiler\nhidden\n```',
      '<div class="spoiler-block"><div class="spoiler-header">\n</div><div class="spoiler-content" aria-hidden="true">\n<p>hidden</p>\n</div></div>',
    ],
  ])('%s', (_name, input, html) => {
    expect(render(input)).toBe(html);
  });

  it('makes mentions inside a quote silent', () => {
    const quoted = renderer.renderMessage(
      '```quote\n@**Ada Lovelace** said\n```\n> @**Ada Lovelace**',
      directory,
    );
    expect(quoted.html).toBe(
      '<blockquote>\n<p><span class="user-mention silent" data-user-id="7">Ada Lovelace</span> said</p>\n</blockquote>\n' +
        '<blockquote>\n<p><span class="user-mention silent" data-user-id="7">Ada Lovelace</span></p>\n</blockquote>',
    );
    expect(quoted.mentions.mentionedUserIds.size).toBe(0);
  });
});

describe('Zulip headings, rules and tables', () => {
  it.each([
    ['# headings need a space', '# Title\n#tag', '<h1>Title</h1>\n<p>#tag</p>'],
    ['underlined text is no heading', 'Title\n===\n\nText\n---', '<p>Title<br>\n===</p>\n<p>Text</p>\n<hr>'],
    ['seven #s are text', '####### x', '<p>####### x</p>'],
    [
      'an aligned table',
      '| a | b |\n|:--|--:|\n| 1 | 2 |',
      '<table>\n<thead>\n<tr>\n<th style="text-align: left;">a</th>\n<th style="text-align: right;">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td style="text-align: left;">1</td>\n<td style="text-align: right;">2</td>\n</tr>\n</tbody>\n</table>',
    ],
  ])('%s', (_name, input, html) => {
    expect(render(input)).toBe(html);
  });
});

describe('Zulip lists', () => {
  it.each([
    [
      'a continuation line keeps its indentation',
      '* first\n  more',
      '<ul>\n<li>first<br>\n  more</li>\n</ul>',
    ],
    [
      'only the items beside a blank line are paragraphs',
      '* a\n* b\n\n* c\n\nafter',
      '<ul>\n<li>a</li>\n<li>\n<p>b</p>\n</li>\n<li>\n<p>c</p>\n</li>\n</ul>\n<p>after</p>',
    ],
    [
      'items beside blank lines are all paragraphs',
      '* Alpha\n\n* Beta',
      '<ul>\n<li>\n<p>Alpha</p>\n</li>\n<li>\n<p>Beta</p>\n</li>\n</ul>',
    ],
    ['1) is no list item', 'Options:\n1) red\n2) blue', '<p>Options:<br>\n1) red<br>\n2) blue</p>'],
    [
      'a list hanging off a paragraph',
      'Todo:\n* milk\n* eggs',
      '<p>Todo:</p>\n<ul>\n<li>milk</li>\n<li>eggs</li>\n</ul>',
    ],
    [
      'a numbered list hanging off a paragraph keeps its start',
      'Steps:\n4. cut\n5. fold',
      '<p>Steps:</p>\n<ol start="4">\n<li>cut</li>\n<li>fold</li>\n</ol>',
    ],
    [
      'mixed bullets make one list',
      '- one\n* two\n+ three',
      '<ul>\n<li>one</li>\n<li>two</li>\n<li>three</li>\n</ul>',
    ],
    [
      'two spaces nest, under numbers too',
      '1. first\n  1. sub\n    5. deep\n2. second',
      '<ol>\n<li>first<ol>\n<li>sub<ol start="5">\n<li>deep</li>\n</ol>\n</li>\n</ol>\n</li>\n<li>second</li>\n</ol>',
    ],
    ['an item keeps its trailing space', '* a \n  * b', '<ul>\n<li>a <ul>\n<li>b</li>\n</ul>\n</li>\n</ul>'],
    [
      'a nested bullet list',
      '* outer\n  * inner',
      '<ul>\n<li>outer<ul>\n<li>inner</li>\n</ul>\n</li>\n</ul>',
    ],
    [
      'items with blank lines are paragraphs',
      '* a\n\n* b',
      '<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>',
    ],
    ['a list inside a code fence stays code', 'x\n```\ny\n* z\n```', `<p>x</p>\n${code('y\n* z\n')}`],
    [
      'a list hanging off a paragraph inside a quote fence',
      '```quote\nList:\n* a\n```',
      '<blockquote>\n<p>List:</p>\n<ul>\n<li>a</li>\n</ul>\n</blockquote>',
    ],
  ])('%s', (_name, input, html) => {
    expect(render(input)).toBe(html);
  });
});

describe('Zulip global times', () => {
  it.each([
    [
      'an ISO time with an offset',
      'at <time:2025-03-14T15:00:00+01:00>',
      '<p>at <time datetime="2025-03-14T14:00:00Z">2025-03-14T15:00:00+01:00</time></p>',
    ],
    [
      'a date alone is midnight UTC',
      '<time:2017-12-31>',
      '<p><time datetime="2017-12-31T00:00:00Z">2017-12-31</time></p>',
    ],
    [
      'Unix seconds',
      'Meet <time:1700000000>.',
      '<p>Meet <time datetime="2023-11-14T22:13:20Z">1700000000</time>.</p>',
    ],
    [
      'not a time',
      '<time:**soon**>',
      '<p><span class="timestamp-error">Invalid time format: **soon**</span></p>',
    ],
    [
      'the first > ends it',
      '<time:<x>>',
      '<p><span class="timestamp-error">Invalid time format: &lt;x</span>&gt;</p>',
    ],
  ])('%s', (_name, input, html) => {
    expect(render(input)).toBe(html);
  });
});
