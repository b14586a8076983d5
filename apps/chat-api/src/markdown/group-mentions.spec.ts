import { describe, expect, it } from '@jest/globals';
import { EMPTY_DIRECTORY, type MentionDirectory, referencedGroupNames } from './mention-directory.js';
import { MessageRenderer } from './message-renderer.js';

const directory: MentionDirectory = {
  ...EMPTY_DIRECTORY,
  groupsByName: new Map([
    ['support', { id: 12, name: 'support' }],
    ['r&d', { id: 13, name: 'r&d' }],
    ['role:administrators', { id: 3, name: 'Administrators' }],
  ]),
};

describe('user group mentions', () => {
  const sut = new MessageRenderer();
  const render = (content: string) => sut.renderMessage(content, directory);

  it('renders a group mention as Zulip does and records the group', () => {
    const { html, mentions } = render('ping @*support* and @*r&d*');
    expect(html).toBe(
      '<p>ping <span class="user-group-mention" data-user-group-id="12">@support</span> and ' +
        '<span class="user-group-mention" data-user-group-id="13">@r&amp;d</span></p>',
    );
    expect([...mentions.mentionedGroupIds]).toEqual([12, 13]);
  });

  it('renders a silent mention without the @ and records nothing; a quote silences mentions', () => {
    const silent = render('@_*support*');
    expect(silent.html).toBe(
      '<p><span class="user-group-mention silent" data-user-group-id="12">support</span></p>',
    );
    expect(silent.mentions.mentionedGroupIds.size).toBe(0);
    const quoted = render('> @*support*');
    expect(quoted.html).toBe(
      '<blockquote>\n<p><span class="user-group-mention silent" data-user-group-id="12">support</span></p>\n</blockquote>',
    );
    expect(quoted.mentions.mentionedGroupIds.size).toBe(0);
  });

  it('shows a system group by its display name and leaves unknown names as Markdown', () => {
    expect(render('@_*role:administrators*').html).toBe(
      '<p><span class="user-group-mention silent" data-user-group-id="3">Administrators</span></p>',
    );
    expect(render('@*Support*').html).toBe('<p>@<em>Support</em></p>');
    expect(render('mail@*support*').html).toBe('<p>mail@<em>support</em></p>');
  });

  it('looks up only the names a message could mention as groups', () => {
    expect(referencedGroupNames('@*a b* @_*c* @**user** @*a b*')).toEqual(['a b', 'c']);
  });
});
