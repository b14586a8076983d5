import { Controller } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { type ParamsOf, required } from '../core/http/param-declarations.js';
import { shape } from '../core/http/param-types.js';
import { boundedList, MAX_ITEMS_PER_LIST } from '../core/http/list-bounds.js';
import { AlertWordsService } from './alert-words.service.js';

// Zulip bounds the words added (100 characters, before stripping), not those removed.
const addParams = {
  alert_words: required(boundedList(shape.string({ maxLength: 100 }), MAX_ITEMS_PER_LIST)),
};
const removeParams = { alert_words: required(boundedList(shape.string(), MAX_ITEMS_PER_LIST)) };

@Controller()
export class AlertWordsController {
  constructor(private readonly alertWords: AlertWordsService) {}

  @ChatEndpoint('GET', 'users/me/alert_words')
  list(@CurrentCaller() caller: ChatCaller) {
    return this.alertWords.list(caller);
  }

  @ChatEndpoint('POST', 'users/me/alert_words')
  add(@CurrentCaller() caller: ChatCaller, @ChatParams(addParams) p: ParamsOf<typeof addParams>) {
    return this.alertWords.add(caller, p.alert_words);
  }

  @ChatEndpoint('DELETE', 'users/me/alert_words')
  remove(@CurrentCaller() caller: ChatCaller, @ChatParams(removeParams) p: ParamsOf<typeof removeParams>) {
    return this.alertWords.remove(caller, p.alert_words);
  }
}
