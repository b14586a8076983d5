import { describe, expect, it } from '@jest/globals';
import type { MentionDirectory } from './mention-directory.js';
import { MessageRenderer } from './message-renderer.js';
import type { UploadPreview } from './upload-preview.js';

const ada = { id: 7, fullName: 'Ada Lovelace' };
const twinA = { id: 8, fullName: 'Twin' };
const twinB = { id: 9, fullName: 'Twin' };
const directory: MentionDirectory = {
  usersById: new Map([ada, twinA, twinB].map((user) => [user.id, user])),
  usersByName: new Map([
    ['ada lovelace', [ada]],
    ['twin', [twinA, twinB]],
  ]),
  streamsByName: new Map([['design team', { id: 3, name: 'design team' }]]),
};

describe(MessageRenderer.name, () => {
  const sut = new MessageRenderer();
  const render = (content: string) => sut.renderMessage(content, directory);

  it('renders Markdown, escaping raw HTML and keeping single newlines', () => {
    expect(render('**bold** <b>x</b>\nnext').html).toBe(
      '<p><strong>bold</strong> &lt;b&gt;x&lt;/b&gt;<br>\nnext</p>',
    );
  });

  it('renders a user mention by name and records it', () => {
    const { html, mentions } = render('hi @**ada lovelace**');
    expect(html).toBe('<p>hi <span class="user-mention" data-user-id="7">@Ada Lovelace</span></p>');
    expect([...mentions.mentionedUserIds]).toEqual([7]);
  });

  it('tells namesakes apart by id and leaves an ambiguous name as text', () => {
    expect(render('@**Twin|9**').html).toBe(
      '<p><span class="user-mention" data-user-id="9">@Twin</span></p>',
    );
    expect(render('@**Twin**').html).toBe('<p>@<strong>Twin</strong></p>');
  });

  it('takes a mention or channel link only after a space or an opening mark', () => {
    expect(render('me@**Ada Lovelace** x#**design team**').html).toBe(
      '<p>me@<strong>Ada Lovelace</strong> x#<strong>design team</strong></p>',
    );
    expect(render('(@**Ada Lovelace**)').mentions.mentionedUserIds.size).toBe(1);
  });

  it('renders a silent mention without the @ and without a notification', () => {
    const { html, mentions } = render('@_**Ada Lovelace**');
    expect(html).toBe('<p><span class="user-mention silent" data-user-id="7">Ada Lovelace</span></p>');
    expect(mentions.mentionedUserIds.size).toBe(0);
  });

  it('renders channel and topic wildcards', () => {
    const channel = render('@**all** and @**everyone**');
    expect(channel.html).toBe(
      '<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span> and ' +
        '<span class="user-mention channel-wildcard-mention" data-user-id="*">@everyone</span></p>',
    );
    expect(channel.mentions.streamWildcard).toBe(true);
    const topic = render('@**topic**');
    expect(topic.html).toBe('<p><span class="topic-mention">@topic</span></p>');
    expect(topic.mentions).toMatchObject({ topicWildcard: true, streamWildcard: false });
  });

  it('links a channel and a topic, and leaves an unknown channel as text', () => {
    expect(render('#**design team**').html).toBe(
      '<p><a class="stream" data-stream-id="3" href="/#narrow/channel/3-design-team">#design team</a></p>',
    );
    expect(render('#**design team>q&a**').html).toBe(
      '<p><a class="stream-topic" data-stream-id="3" href="/#narrow/channel/3-design-team/topic/q.26a">#design team &gt; q&amp;a</a></p>',
    );
    expect(render('#**nowhere**').html).toBe('<p>#<strong>nowhere</strong></p>');
  });

  it('links a message of a topic, and shows the empty topic by its display name', () => {
    expect(render('#**design team>q&a@512**').html).toBe(
      '<p><a class="message-link" href="/#narrow/channel/3-design-team/topic/q.26a/near/512">#design team &gt; q&amp;a @ 💬</a></p>',
    );
    expect(render('#**design team>@512**').html).toBe(
      '<p><a class="message-link" href="/#narrow/channel/3-design-team/topic//near/512">#design team &gt; <em>general chat</em> @ 💬</a></p>',
    );
    expect(render('#**design team>**').html).toBe(
      '<p><a class="stream-topic" data-stream-id="3" href="/#narrow/channel/3-design-team/topic/">#design team &gt; <em>general chat</em></a></p>',
    );
    expect(render('#**design team>mail me@home**').html).toBe(
      '<p><a class="stream-topic" data-stream-id="3" href="/#narrow/channel/3-design-team/topic/mail.20me.40home">#design team &gt; mail me@home</a></p>',
    );
  });

  it("writes links into the realm's views and uploads relative, as Zulip does", () => {
    const inRealm = { ...directory, realmUrl: 'https://chat.example.com' };
    const html = (content: string) => sut.renderMessage(content, inRealm).html;
    expect(html('https://chat.example.com/#narrow/channel/3-design')).toBe(
      '<p><a href="#narrow/channel/3-design">https://chat.example.com/#narrow/channel/3-design</a></p>',
    );
    expect(html('[file](https://chat.example.com/user_uploads/2/ab/f.txt)')).toBe(
      '<p><a href="user_uploads/2/ab/f.txt">file</a></p>',
    );
    expect(html('https://chat.example.com/help/')).toBe(
      '<p><a href="https://chat.example.com/help/">https://chat.example.com/help/</a></p>',
    );
  });

  it('previews links to uploaded images as Zulip does', () => {
    const html = (content: string) => sut.renderMessage(content, directory).html;
    const preview = (href: string, title = '') =>
      `<div class="message_inline_image"><a href="${href}"${title}><img src="${href}"></a></div>`;
    // A named link keeps its paragraph; the preview follows, titled with the link's text.
    expect(html('see [cat.png](/user_uploads/2/ab/Xy/cat.png)')).toBe(
      `<p>see <a href="/user_uploads/2/ab/Xy/cat.png">cat.png</a></p>\n${preview('/user_uploads/2/ab/Xy/cat.png', ' title="cat.png"')}`,
    );
    // A paragraph that is only the bare link becomes its preview.
    expect(html('/user_uploads/2/ab/Xy/cat.JPG')).toBe('<p>/user_uploads/2/ab/Xy/cat.JPG</p>');
    expect(html('[/user_uploads/2/ab/Xy/a.gif](/user_uploads/2/ab/Xy/a.gif)')).toBe(
      preview('/user_uploads/2/ab/Xy/a.gif'),
    );
    // Not images, not uploads, or quoted: no preview.
    expect(html('[doc](/user_uploads/2/ab/Xy/doc.pdf)')).toBe(
      '<p><a href="/user_uploads/2/ab/Xy/doc.pdf">doc</a></p>',
    );
    expect(html('[pic](https://example.com/cat.png)')).toBe(
      '<p><a href="https://example.com/cat.png">pic</a></p>',
    );
    expect(html('> [cat](/user_uploads/2/ab/Xy/cat.png)')).toBe(
      '<blockquote>\n<p><a href="/user_uploads/2/ab/Xy/cat.png">cat</a></p>\n</blockquote>',
    );
  });

  it('previews an uploaded image the server read as its thumbnail, or a placeholder until it is made', () => {
    const still = { originalWidthPx: 40, originalHeightPx: 30, contentType: 'image/png' };
    const uploadPreviews = new Map<string, UploadPreview>([
      ['2/ab/Xy/new.png', { ...still, thumbnail: null }],
      [
        '2/ab/Xy/done.png',
        {
          ...still,
          thumbnail: {
            url: '/user_uploads/thumbnail/2/ab/Xy/done.png/840x560.webp',
            animated: false,
            transcoded: undefined,
          },
        },
      ],
      [
        '2/ab/Xy/anim.gif',
        {
          ...still,
          contentType: 'image/gif',
          thumbnail: {
            url: '/user_uploads/thumbnail/2/ab/Xy/anim.gif/840x560-anim.webp',
            animated: true,
            transcoded: undefined,
          },
        },
      ],
    ]);
    const html = (content: string) => sut.renderMessage(content, { ...directory, uploadPreviews }).html;
    const block = (path: string, title: string, image: string) =>
      `<div class="message_inline_image"><a href="/user_uploads/${path}" title="${title}">${image}</a></div>`;

    expect(html('[new](/user_uploads/2/ab/Xy/new.png)')).toBe(
      '<p><a href="/user_uploads/2/ab/Xy/new.png">new</a></p>\n' +
        block(
          '2/ab/Xy/new.png',
          'new',
          '<img class="image-loading-placeholder" data-original-dimensions="40x30" src="/static/images/loading/loader-black.svg">',
        ),
    );
    expect(html('[done](/user_uploads/2/ab/Xy/done.png)')).toBe(
      '<p><a href="/user_uploads/2/ab/Xy/done.png">done</a></p>\n' +
        block(
          '2/ab/Xy/done.png',
          'done',
          '<img data-original-content-type="image/png" data-original-dimensions="40x30" src="/user_uploads/thumbnail/2/ab/Xy/done.png/840x560.webp">',
        ),
    );
    expect(html('[anim](/user_uploads/2/ab/Xy/anim.gif)')).toContain(
      '<img data-animated="true" data-original-content-type="image/gif" data-original-dimensions="40x30" src="/user_uploads/thumbnail/2/ab/Xy/anim.gif/840x560-anim.webp">',
    );
    // An upload the server did not read as an image gets no preview, whatever its name says.
    expect(html('[fake](/user_uploads/2/ab/Xy/fake.png)')).toBe(
      '<p><a href="/user_uploads/2/ab/Xy/fake.png">fake</a></p>',
    );
  });
});
