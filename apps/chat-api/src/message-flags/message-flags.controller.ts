import { Controller } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { param, shape } from '../core/http/param-types.js';
import { narrowShape } from '../messages/narrow.js';
import { UpdateFlagsForNarrowUseCase } from './update-flags-for-narrow.use-case.js';
import { UpdateMessageFlagsUseCase } from './update-message-flags.use-case.js';

// Zulip 11's declaration order (its keyword parameters are sorted by name: flag, messages,
// operation), which decides which missing or malformed parameter is reported first. op and flag
// are raw strings, checked by the use case with Zulip's texts.
const flagsParams = {
  flag: required(param.string()),
  messages: required(param.list(shape.int())),
  op: required(param.string()),
};

// Zulip 11's order again (anchor_val, flag, include_anchor, narrow, num_after, num_before,
// operation). The narrow is required but may be JSON null, read as no narrow.
const flagsForNarrowParams = {
  anchor: required(param.string()),
  flag: required(param.string()),
  include_anchor: withDefault(param.bool(), true),
  narrow: required(param.orNull(param.json(narrowShape))),
  num_after: required(param.int({ min: 0 })),
  num_before: required(param.int({ min: 0 })),
  op: required(param.string()),
};

// POST /messages/flags is served directly (ahead of Express): clients mark messages read as they
// are displayed. POST /messages/flags/narrow does the same over a window of a narrow.
@Controller()
export class MessageFlagsController {
  constructor(
    private readonly updateFlags: UpdateMessageFlagsUseCase,
    private readonly updateFlagsForNarrow: UpdateFlagsForNarrowUseCase,
  ) {}

  @ChatEndpoint('POST', 'messages/flags', { direct: true })
  update(@CurrentCaller() caller: ChatCaller, @ChatParams(flagsParams) p: ParamsOf<typeof flagsParams>) {
    return this.updateFlags.execute(caller, { messages: p.messages, operation: p.op, flag: p.flag });
  }

  @ChatEndpoint('POST', 'messages/flags/narrow')
  updateForNarrow(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(flagsForNarrowParams) p: ParamsOf<typeof flagsForNarrowParams>,
  ) {
    return this.updateFlagsForNarrow.execute(caller, {
      anchor: p.anchor,
      includeAnchor: p.include_anchor,
      numBefore: p.num_before,
      numAfter: p.num_after,
      narrow: p.narrow ?? [],
      operation: p.op,
      flag: p.flag,
    });
  }
}
