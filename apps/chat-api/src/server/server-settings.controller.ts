import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { requestHost } from '../core/http/request-host.js';
import { RealmsRepository } from '../realms/realms.repository.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from '../core/server-facts.js';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { pushServiceOf } from '../core/push-service.js';

// GET /server_settings (no credential): what a client checks before logging in. The realm
// fields appear when the request's host belongs to a realm, or when the server has one realm.
@Controller()
export class ServerSettingsController {
  constructor(
    private readonly realms: RealmsRepository,
    private readonly config: ChatApiConfig,
  ) {}

  @ChatEndpoint('GET', 'server_settings', { access: 'none' })
  async settings(@Req() request: Request) {
    const host = requestHost(request);
    const realm = (host ? await this.realms.findByHost(host) : null) ?? (await this.realms.findOnly());
    return {
      authentication_methods: {
        password: true,
        dev: false,
        email: true,
        ldap: false,
        remoteuser: false,
        github: false,
        azuread: false,
        gitlab: false,
        apple: false,
        google: false,
        saml: false,
        'openid connect': false,
      },
      external_authentication_methods: [],
      zulip_feature_level: ZULIP_FEATURE_LEVEL,
      zulip_version: ZULIP_VERSION,
      zulip_merge_base: ZULIP_VERSION,
      push_notifications_enabled: pushServiceOf(this.config) !== null,
      is_incompatible: false,
      email_auth_enabled: true,
      require_email_format_usernames: true,
      ...(realm
        ? {
            realm_url: realm.url,
            realm_uri: realm.url,
            realm_name: realm.name,
            realm_icon: `${realm.url}/static/images/logo/zulip-icon-128x128.png`,
            realm_description: '',
            realm_web_public_access_enabled: false,
          }
        : {}),
    };
  }
}
