import { Controller } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import type { ParamsOf } from '../core/http/param-declarations.js';
import { PushTokenKind } from './push-device-token.entity.js';
import { apnsTokenParams, registerParams, tokenParams } from './push-device.params.js';
import { PushRegistrationsService } from './push-registrations.service.js';

// Push device registration, both generations; every route refuses bots first (Zulip's
// human_users_only), then reads its parameters.
@Controller()
export class PushDevicesController {
  constructor(private readonly registrations: PushRegistrationsService) {}

  @ChatEndpoint('POST', 'mobile_push/register', { access: 'human' })
  async register(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(registerParams) p: ParamsOf<typeof registerParams>,
  ) {
    await this.registrations.registerE2ee(caller, {
      tokenKind: p.token_kind,
      pushAccountId: p.push_account_id,
      pushPublicKey: p.push_public_key,
      bouncerPublicKey: p.bouncer_public_key,
      encryptedPushRegistration: p.encrypted_push_registration,
    });
    return {};
  }

  @ChatEndpoint('POST', 'users/me/apns_device_token', { access: 'human' })
  async addApns(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(apnsTokenParams) p: ParamsOf<typeof apnsTokenParams>,
  ) {
    await this.registrations.addToken(caller, PushTokenKind.APNS, p.token, p.appid);
    return {};
  }

  @ChatEndpoint('DELETE', 'users/me/apns_device_token', { access: 'human' })
  async removeApns(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(tokenParams) p: ParamsOf<typeof tokenParams>,
  ) {
    await this.registrations.removeToken(caller, PushTokenKind.APNS, p.token);
    return {};
  }

  @ChatEndpoint('POST', 'users/me/android_gcm_reg_id', { access: 'human' })
  async addFcm(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(tokenParams) p: ParamsOf<typeof tokenParams>,
  ) {
    await this.registrations.addToken(caller, PushTokenKind.FCM, p.token, null);
    return {};
  }

  @ChatEndpoint('DELETE', 'users/me/android_gcm_reg_id', { access: 'human' })
  async removeFcm(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(tokenParams) p: ParamsOf<typeof tokenParams>,
  ) {
    await this.registrations.removeToken(caller, PushTokenKind.FCM, p.token);
    return {};
  }
}
