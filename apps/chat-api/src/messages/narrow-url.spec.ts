import { describe, expect, it } from '@jest/globals';
import { encodeHashComponent, messageLinkSyntax, messageNearUrl } from './narrow-url.js';

describe(messageNearUrl.name, () => {
  const realmUrl = 'https://chat.example.com';

  it('links a channel message by channel and topic', () => {
    const message = {
      id: 42,
      type: 'stream',
      stream_id: 3,
      display_recipient: 'Dev team',
      subject: 'v1.2 (beta)',
    };
    expect(messageNearUrl(realmUrl, message)).toBe(
      'https://chat.example.com/#narrow/channel/3-Dev-team/topic/v1.2E2.20.28beta.29/near/42',
    );
  });

  it('links a direct message by its sorted user ids, tagging groups', () => {
    const recipients = (ids: number[]) => ids.map((id) => ({ id }));
    const dm = (ids: number[]) => ({
      id: 9,
      type: 'private',
      display_recipient: recipients(ids),
      subject: '',
    });
    expect(messageNearUrl(realmUrl, dm([12, 10]))).toBe('https://chat.example.com/#narrow/dm/10,12/near/9');
    expect(messageNearUrl(realmUrl, dm([7, 3, 5]))).toBe(
      'https://chat.example.com/#narrow/dm/3,5,7-group/near/9',
    );
  });
});

describe(encodeHashComponent.name, () => {
  it("encodes like Python's quote(safe='*') with Zulip's replacements", () => {
    expect(encodeHashComponent("it's *ok*! ~ café/x")).toBe('it.27s.20*ok*.21.20~.20caf.C3.A9.2Fx');
  });
});

describe(messageLinkSyntax.name, () => {
  it("uses Zulip's #**channel>topic@id** syntax", () => {
    expect(messageLinkSyntax(3, 'Dev team', 'plans', 42)).toBe('#**Dev team>plans@42**');
  });

  it('falls back to a plain link, escaped, when a name would break that syntax', () => {
    expect(messageLinkSyntax(3, 'a>b', 'cost $$ [x]', 42)).toBe(
      '[#a&gt;b > cost &#36;&#36; &#91;x&#93; @ 💬](#narrow/channel/3-a.3Eb/topic/cost.20.24.24.20.5Bx.5D/near/42)',
    );
    expect(messageLinkSyntax(3, 'R&D', '', 7)).toBe(
      '[#R&amp;D > general chat @ 💬](#narrow/channel/3-R.26D/topic//near/7)',
    );
  });
});
