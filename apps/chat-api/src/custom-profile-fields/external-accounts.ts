// Zulip's DEFAULT_EXTERNAL_ACCOUNTS (zerver/lib/external_accounts.py): an administrator picks
// one by its subtype and the field takes its label and hint from here. `url_pattern` is
// "%(username)s" where the user enters a full URL, and empty for a plain text field.
interface ExternalAccount {
  readonly text: string;
  readonly url_pattern: string;
  readonly name: string;
  readonly hint: string;
}

const account = (text: string, url_pattern: string, name: string, hint = ''): ExternalAccount => ({
  text,
  url_pattern,
  name,
  hint,
});

export const DEFAULT_EXTERNAL_ACCOUNTS: Readonly<Record<string, ExternalAccount>> = {
  behance: account('Behance', 'https://www.behance.net/%(username)s', 'Behance username'),
  bitbucket: account('Bitbucket', 'https://bitbucket.org/%(username)s', 'Bitbucket username'),
  bluesky: account('Bluesky', 'https://bsky.app/profile/%(username)s', 'Bluesky handle'),
  codeberg: account('Codeberg', 'https://codeberg.org/%(username)s', 'Codeberg username'),
  discord: account('Discord', '', 'Discord tag'),
  dribbble: account('Dribbble', 'https://dribbble.com/%(username)s', 'Dribbble username'),
  facebook: account('Facebook', 'https://www.facebook.com/%(username)s', 'Facebook username'),
  github: account('GitHub', 'https://github.com/%(username)s', 'GitHub username'),
  gitlab: account('GitLab', 'https://gitlab.com/%(username)s', 'GitLab username'),
  instagram: account('Instagram', 'https://www.instagram.com/%(username)s', 'Instagram username'),
  linkedin: account('LinkedIn', 'https://www.linkedin.com/in/%(username)s', 'LinkedIn profile name'),
  mastodon: account('Mastodon', '%(username)s', 'Mastodon profile', 'The full URL to your profile'),
  medium: account('Medium', 'https://%(username)s.medium.com', 'Medium username'),
  pinterest: account('Pinterest', 'https://www.pinterest.com/%(username)s', 'Pinterest username'),
  reddit: account('Reddit', 'https://www.reddit.com/user/%(username)s', 'Reddit username'),
  snapchat: account('Snapchat', 'https://www.snapchat.com/@%(username)s', 'Snapchat username'),
  threads: account('Threads', 'https://www.threads.com/@%(username)s', 'Threads username'),
  tiktok: account('TikTok', 'https://www.tiktok.com/@%(username)s', 'TikTok username'),
  twitch: account('Twitch', 'https://www.twitch.tv/%(username)s', 'Twitch username'),
  x: account('X', 'https://x.com/%(username)s', 'X username'),
  youtube: account('YouTube', 'https://www.youtube.com/%(username)s', 'YouTube handle'),
};

export function isDefaultExternalAccount(subtype: string): boolean {
  return Object.hasOwn(DEFAULT_EXTERNAL_ACCOUNTS, subtype);
}
