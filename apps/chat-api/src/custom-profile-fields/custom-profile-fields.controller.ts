import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf, required, withDefault } from '../core/http/param-declarations.js';
import { param, shape } from '../core/http/param-types.js';
import { boundedList, MAX_ITEMS_PER_LIST } from '../core/http/list-bounds.js';
import { pathId } from '../core/http/path-id.js';
import { CustomProfileFieldsService } from './custom-profile-fields.service.js';
import { fieldDataShape } from './field-definition.rules.js';
import { profileDataShape } from './profile-data.params.js';
import { ProfileData } from './profile-data.service.js';

// Zulip declares these alphabetically (typed_endpoint), so that is the order they are checked
// in; `name` is stripped, `hint` is not; JSON null reads as not given.
const fieldData = param.orNull(param.json(fieldDataShape));
const createParams = {
  display_in_profile_summary: withDefault(param.bool(), false),
  editable_by_user: withDefault(param.bool(), true),
  field_data: optional(fieldData),
  field_type: required(param.int()),
  hint: withDefault(param.string(), ''),
  name: withDefault(param.string(), ''),
  required: withDefault(param.bool(), false),
};
const editParams = {
  display_in_profile_summary: optional(param.orNull(param.bool())),
  editable_by_user: optional(param.orNull(param.bool())),
  field_data: optional(fieldData),
  hint: optional(param.string()),
  name: optional(param.string()),
  required: optional(param.orNull(param.bool())),
};
const reorderParams = { order: required(boundedList(shape.int(), MAX_ITEMS_PER_LIST)) };
const updateDataParams = { data: required(param.json(profileDataShape({ nullable: false }))) };
const removeDataParams = { data: required(boundedList(shape.int(), MAX_ITEMS_PER_LIST)) };

@Controller()
export class CustomProfileFieldsController {
  constructor(
    private readonly fields: CustomProfileFieldsService,
    private readonly profileData: ProfileData,
  ) {}

  @ChatEndpoint('GET', 'realm/profile_fields')
  async list(@CurrentCaller() caller: ChatCaller) {
    return { custom_fields: await this.fields.list(caller) };
  }

  @ChatEndpoint('POST', 'realm/profile_fields', { access: 'administrator' })
  create(@CurrentCaller() caller: ChatCaller, @ChatParams(createParams) p: ParamsOf<typeof createParams>) {
    return this.fields.create(caller, {
      name: p.name.trim(),
      hint: p.hint,
      fieldType: p.field_type,
      fieldData: p.field_data ?? {},
      displayInProfileSummary: p.display_in_profile_summary,
      required: p.required,
      editableByUser: p.editable_by_user,
    });
  }

  @ChatEndpoint('PATCH', 'realm/profile_fields', { access: 'administrator' })
  reorder(@CurrentCaller() caller: ChatCaller, @ChatParams(reorderParams) p: ParamsOf<typeof reorderParams>) {
    return this.fields.reorder(caller, p.order);
  }

  @ChatEndpoint('PATCH', 'realm/profile_fields/:id', { access: 'administrator' })
  edit(
    @CurrentCaller() caller: ChatCaller,
    @Param('id') id: string,
    @ChatParams(editParams) p: ParamsOf<typeof editParams>,
  ) {
    return this.fields.edit(caller, pathId(id), {
      name: p.name?.trim(),
      hint: p.hint,
      fieldData: p.field_data,
      displayInProfileSummary: p.display_in_profile_summary,
      required: p.required,
      editableByUser: p.editable_by_user,
    });
  }

  @ChatEndpoint('DELETE', 'realm/profile_fields/:id', { access: 'administrator' })
  delete(@CurrentCaller() caller: ChatCaller, @Param('id') id: string) {
    return this.fields.delete(caller, pathId(id));
  }

  @ChatEndpoint('PATCH', 'users/me/profile_data')
  updateData(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(updateDataParams) p: ParamsOf<typeof updateDataParams>,
  ) {
    return this.profileData.updateOwn(caller, p.data);
  }

  @ChatEndpoint('DELETE', 'users/me/profile_data')
  removeData(
    @CurrentCaller() caller: ChatCaller,
    @ChatParams(removeDataParams) p: ParamsOf<typeof removeDataParams>,
  ) {
    return this.profileData.removeOwn(caller, p.data);
  }
}
