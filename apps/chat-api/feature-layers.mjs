// chat-api's feature folders, bottom layer first (the import zones in eslint.config.mjs): a folder
// may import the core and folders of the layers below its own, never a peer or a layer above
// (README, "How to add an endpoint").
export default [
  ['markdown'],
  ['custom-profile-fields'],
  ['events', 'users', 'saved-snippets', 'alert-words'],
  ['realms', 'muted-users', 'streams', 'user-groups', 'user-settings'],
  ['reactions'],
  ['channel-folders'],
  ['auth', 'server', 'bots', 'messages', 'typing', 'topics'],
  ['subscriptions', 'message-flags', 'scheduled-messages'],
  ['reminders'],
  ['default-streams'],
  ['uploads'],
  ['realm-emoji'],
];
