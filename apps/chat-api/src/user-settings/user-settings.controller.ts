import { Controller } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf } from '../core/http/param-declarations.js';
import { param } from '../core/http/param-types.js';
import { UserSettingsService } from './user-settings.service.js';

// The settings this server stores; Zulip's other PATCH /settings parameters are answered in
// ignored_parameters_unsupported.
const settingsParams = { allow_private_data_export: optional(param.bool()) };

@Controller()
export class UserSettingsController {
  constructor(private readonly settings: UserSettingsService) {}

  @ChatEndpoint('PATCH', 'settings')
  update(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(settingsParams) p: ParamsOf<typeof settingsParams>,
  ) {
    return this.settings.update(caller, { allowPrivateDataExport: p.allow_private_data_export });
  }
}
