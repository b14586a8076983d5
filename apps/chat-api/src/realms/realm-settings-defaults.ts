// Zulip 11's defaults of the realm settings this server does not store (Realm.property_types in
// zerver/models/realms.py, under their `realm_` names in POST /register). The realm's name and
// description come from its row (RealmStateProvider); the topics policy is allow_empty_topic.
const SEVEN_DAYS_SECONDS = 7 * 24 * 60 * 60;

export const REALM_SETTINGS_DEFAULTS = {
  realm_allow_message_editing: true,
  realm_avatar_changes_disabled: false,
  realm_default_code_block_language: '',
  realm_default_language: 'en',
  realm_digest_emails_enabled: false,
  // Tuesday.
  realm_digest_weekday: 1,
  realm_disallow_disposable_email_addresses: true,
  realm_email_changes_disabled: false,
  realm_emails_restricted_to_domains: false,
  realm_enable_guest_user_dm_warning: true,
  realm_enable_guest_user_indicator: true,
  realm_enable_read_receipts: false,
  realm_enable_spectator_access: false,
  // GIPHY_RATING_OPTIONS["g"].
  realm_giphy_rating: 2,
  realm_inline_image_preview: true,
  realm_inline_url_embed_preview: false,
  realm_invite_required: true,
  realm_jitsi_server_url: null,
  realm_message_content_allowed_in_email_notifications: true,
  realm_message_content_edit_limit_seconds: 600,
  realm_message_content_delete_limit_seconds: 600,
  realm_move_messages_between_streams_limit_seconds: SEVEN_DAYS_SECONDS,
  realm_move_messages_within_stream_limit_seconds: SEVEN_DAYS_SECONDS,
  // -1 is "keep forever".
  realm_message_retention_days: -1,
  realm_name_changes_disabled: false,
  realm_push_notifications_enabled: false,
  realm_push_notifications_enabled_end_timestamp: null,
  realm_require_e2ee_push_notifications: false,
  realm_require_unique_names: false,
  realm_send_channel_events_messages: false,
  realm_send_welcome_emails: true,
  // VIDEO_CHAT_PROVIDERS["jitsi_meet"].
  realm_video_chat_provider: 1,
  realm_waiting_period_threshold: 0,
  realm_want_advertise_in_communities_directory: false,
  realm_welcome_message_custom_text: '',
  // MessageEditHistoryVisibilityPolicyEnum.all, by name, and the boolean Zulip derives from it.
  realm_message_edit_history_visibility_policy: 'all',
  realm_allow_edit_history: true,
  // topics_policy is allow_empty_topic, so topics are not mandatory.
  realm_mandatory_topics: false,
  realm_moderation_request_channel_id: -1,
  // OrgTypeEnum.Unspecified and PLAN_TYPE_SELF_HOSTED.
  realm_org_type: 0,
  realm_plan_type: 1,
  zulip_plan_is_not_limited: true,
  // The providers Zulip enables without server configuration (Zoom and BigBlueButton need it).
  realm_available_video_chat_providers: {
    disabled: { name: 'None', id: 0 },
    jitsi_meet: { name: 'Jitsi Meet', id: 1 },
  },
} as const;
