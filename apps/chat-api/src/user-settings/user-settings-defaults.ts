// Zulip 11's defaults of every personal setting (UserBaseSettings in zerver/models/users.py).
// This server stores only allow_private_data_export (user_export_consent); every user has the
// other values.

// The display settings Zulip also sends at the top level to clients without the
// user_settings_object capability (display_settings_legacy).
export const LEGACY_DISPLAY_SETTINGS = {
  color_scheme: 1,
  default_language: 'en',
  web_home_view: 'inbox',
  demote_inactive_streams: 1,
  emojiset: 'google',
  enable_drafts_synchronization: true,
  enter_sends: false,
  fluid_layout_width: false,
  high_contrast_mode: false,
  left_side_userlist: false,
  starred_message_counts: true,
  translate_emoticons: false,
  twenty_four_hour_time: false,
} as const;

// The notification settings sent the same way (notification_settings_legacy).
export const LEGACY_NOTIFICATION_SETTINGS = {
  desktop_icon_count_display: 1,
  email_notifications_batching_period_seconds: 120,
  enable_desktop_notifications: true,
  enable_digest_emails: true,
  enable_login_emails: true,
  enable_marketing_emails: true,
  enable_offline_email_notifications: true,
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  enable_sounds: true,
  enable_stream_audible_notifications: false,
  enable_stream_desktop_notifications: false,
  enable_stream_email_notifications: false,
  enable_stream_push_notifications: false,
  message_content_in_email_notifications: true,
  notification_sound: 'zulip',
  pm_content_in_desktop_notifications: true,
  presence_enabled: true,
  realm_name_in_email_notifications_policy: 1,
  wildcard_mentions_notify: true,
} as const;

// Settings only `user_settings` carries (modern_settings, modern_notification_settings).
const MODERN_SETTINGS = {
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_email_notifications: true,
  enable_followed_topic_push_notifications: true,
  enable_followed_topic_audible_notifications: true,
  enable_followed_topic_wildcard_mentions_notify: true,
  automatically_follow_topics_policy: 3,
  automatically_unmute_topics_in_muted_streams_policy: 2,
  automatically_follow_topics_where_mentioned: true,
  display_emoji_reaction_users: true,
  email_address_visibility: 1,
  web_escape_navigates_to_home_view: true,
  receives_typing_notifications: true,
  send_private_typing_notifications: true,
  send_read_receipts: true,
  send_stream_typing_notifications: true,
  allow_private_data_export: false,
  web_mark_read_on_scroll_policy: 1,
  web_channel_default_view: 1,
  user_list_style: 3,
  web_animate_image_previews: 'on_hover',
  web_stream_unreads_count_display_policy: 2,
  web_font_size_px: 16,
  web_line_height_percent: 140,
  web_navigate_to_sent_message: true,
  web_suggest_update_timezone: true,
  hide_ai_features: false,
  // The API names the ResolvedTopicNoticeAutoReadPolicyEnum member.
  resolved_topic_notice_auto_read_policy: 'except_followed',
  web_left_sidebar_unreads_count_summary: true,
} as const;

// UserBaseSettings.property_types: every setting, in Zulip's order.
export const USER_SETTINGS = {
  ...LEGACY_DISPLAY_SETTINGS,
  ...LEGACY_NOTIFICATION_SETTINGS,
  ...MODERN_SETTINGS,
} as const;

// UserBaseSettings.emojiset_choices().
export const EMOJISET_CHOICES = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
  { key: 'google-blob', text: 'Google blobs' },
] as const;

// Zulip lists the sound files it serves (get_available_notification_sounds); this server serves
// none, so clients play their own sound for `notification_sound`.
export const AVAILABLE_NOTIFICATION_SOUNDS: readonly string[] = [];
