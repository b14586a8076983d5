// Zulip names its unicode emoji with its own curated map (tools/setup/emoji/emoji_names.py),
// which no npm package carries. The table starts from the short names of the emoji the Google set
// draws (emoji-datasource, whose Google edition Zulip builds from; the base package carries the
// same data without the 80 MB of images) and these entries put Zulip's name on
// the emoji most used as reactions, including where Zulip gave a Google name to another emoji
// (Zulip's `smile` is U+263A, the Google set's is U+1F604, Zulip's `big_smile`). Names not listed
// here follow the Google set and may differ from Zulip's.
export const ZULIP_EMOJI_NAMES: Readonly<Record<string, readonly string[]>> = {
  '1f600': ['grinning', 'happy'],
  '1f604': ['big_smile'],
  '1f606': ['laughing', 'lol'],
  '1f602': ['joy', 'tears', 'laughter_tears'],
  '263a': ['smile', 'relaxed'],
  '1f642': ['slight_smile'],
  '1f643': ['upside_down', 'oops'],
  '1f60d': ['heart_eyes', 'in_love'],
  '1f615': ['oh_no', 'half_frown', 'concerned', 'confused'],
  '1f641': ['frown', 'slight_frown'],
  '2639': ['sad', 'big_frown'],
  '1f914': ['thinking'],
  '1f62e': ['open_mouth', 'surprise'],
  '1f44f': ['clap', 'applause'],
  '1f64f': ['pray', 'welcome', 'thank_you', 'namaste'],
  '1f44d': ['+1', 'thumbs_up'],
  '1f44e': ['-1', 'thumbs_down'],
  '1f44c': ['ok', 'got_it'],
  '1f44b': ['wave', 'hello', 'hi'],
  '1f440': ['eyes', 'looking'],
  '1f446': ['point_up', 'this'],
};
