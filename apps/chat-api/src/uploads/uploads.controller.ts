import { Controller, Req } from '@nestjs/common';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import type { ChatRequest } from '../core/http/chat-request.js';
import { UploadFileUseCase } from './upload-file.use-case.js';

@Controller()
export class UploadsController {
  constructor(private readonly uploadFile: UploadFileUseCase) {}

  // The file is a multipart file part under any field name, as Django's request.FILES.
  @ChatEndpoint('POST', 'user_uploads', { takesFile: true })
  upload(@CurrentCaller() caller: ChatCaller, @Req() request: ChatRequest) {
    return this.uploadFile.execute(caller, request.chatParams?.files ?? []);
  }
}
