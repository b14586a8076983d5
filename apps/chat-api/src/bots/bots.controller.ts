import { Controller } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { param, shape } from '../core/http/param-types.js';
import { BotType } from '../core/accounts/user.entity.js';
import { BotInterface } from './bot-service.entity.js';
import { CreateBotUseCase } from './create-bot.use-case.js';
import { ListOwnBotsQuery } from './list-own-bots.query.js';

const createBotParams = {
  full_name: required(param.string()),
  short_name: required(param.string()),
  bot_type: withDefault(param.int(), BotType.GENERIC),
  // Checked whenever given, whatever the bot type; an outgoing webhook may go without (Zulip's
  // default is the empty URL).
  payload_url: withDefault(param.json(shape.url()), ''),
  interface_type: withDefault(param.int(), BotInterface.GENERIC),
};

@Controller()
export class BotsController {
  constructor(
    private readonly createBot: CreateBotUseCase,
    private readonly ownBots: ListOwnBotsQuery,
  ) {}

  @ChatEndpoint('GET', 'bots')
  list(@CurrentCaller() caller: ChatCaller) {
    return this.ownBots.execute(caller);
  }

  // Guests may not own bots, nor bots create them (Zulip's require_member_or_admin).
  @ChatEndpoint('POST', 'bots', { access: 'human-member' })
  create(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(createBotParams) p: ParamsOf<typeof createBotParams>,
  ) {
    return this.createBot.execute(caller, {
      fullName: p.full_name,
      shortName: p.short_name,
      botType: p.bot_type,
      payloadUrl: p.payload_url,
      interfaceType: p.interface_type,
    });
  }
}
