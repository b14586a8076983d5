import { Controller, Param } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { ChatParams } from '../core/http/chat-params.decorator.js';
import { optional, type ParamsOf } from '../core/http/param-declarations.js';
import { invalid, param, type ParamType } from '../core/http/param-types.js';
import { pathId } from '../core/http/path-id.js';
import { RealmExportType } from './realm-export.entity.js';
import { RealmExportsService } from './realm-exports.service.js';

// Zulip's check_int_in_validator: an integer, then one of the export types.
const exportType: ParamType<RealmExportType> = {
  parse(raw, varName) {
    const value = param.int().parse(raw, varName);
    if (value !== RealmExportType.PUBLIC && value !== RealmExportType.STANDARD)
      throw invalid(`Invalid ${varName}: Value error, Not in the list of possible values`);
    return value;
  },
};

const exportParams = { export_type: optional(exportType) };

@Controller()
export class RealmExportsController {
  constructor(private readonly exports: RealmExportsService) {}

  @ChatEndpoint('POST', 'export/realm', { access: 'administrator' })
  request(@CurrentCaller() caller: ChatCaller, @ChatParams(exportParams) p: ParamsOf<typeof exportParams>) {
    return this.exports.request(caller, p.export_type ?? RealmExportType.PUBLIC);
  }

  @ChatEndpoint('GET', 'export/realm', { access: 'administrator' })
  list(@CurrentCaller() caller: ChatCaller) {
    return this.exports.list(caller.realm);
  }

  @ChatEndpoint('GET', 'export/realm/consents', { access: 'administrator' })
  consents(@CurrentCaller() caller: ChatCaller) {
    return this.exports.consentsOf(caller.realm);
  }

  @ChatEndpoint('DELETE', 'export/realm/:export_id', { access: 'administrator' })
  delete(@CurrentCaller() caller: ChatCaller, @Param('export_id') id: string) {
    return this.exports.delete(caller.realm, pathId(id));
  }
}
