import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';

// Zulip's refusals of uploads and temporary download URLs (zerver/views/upload.py,
// zerver/lib/upload).
export const UploadsErrors = {
  noFile: () => ChatError.badRequest('You must specify a file to upload'),
  severalFiles: () => ChatError.badRequest('You may only upload one file at a time'),
  tooLarge: (maxMib: number) =>
    ChatError.badRequest(`File is larger than this server's configured maximum upload size (${maxMib} MiB).`),
  invalidAttachment: () => ChatError.badRequest('Invalid attachment'),
  invalidToken: () => ChatError.badRequest('Invalid token'),
  invalidFileName: () => ChatError.badRequest('Invalid filename'),
  quotaExceeded: () =>
    new ChatError(ChatErrorCode.REALM_UPLOAD_QUOTA, "Upload would exceed your organization's upload quota."),
};
