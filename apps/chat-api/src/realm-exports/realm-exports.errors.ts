import { ChatError } from '../core/http/chat.error.js';

// Zulip's refusals of the export endpoints (zerver/views/realm_export.py), word for word.
export const RealmExportErrors = {
  rateLimited: () => ChatError.badRequest('Exceeded rate limit.'),
  tooLarge: (supportEmail: string) =>
    ChatError.badRequest(`Please request a manual export from ${supportEmail}.`),
  noOwnerConsent: (supportEmail: string) =>
    ChatError.badRequest(
      `Make sure at least one Organization Owner is consenting to the export or contact ${supportEmail} for help.`,
    ),
  unknown: () => ChatError.badRequest('Invalid data export ID'),
  alreadyDeleted: () => ChatError.badRequest('Export already deleted'),
  failed: () => ChatError.badRequest('Export failed, nothing to delete'),
  inProgress: () => ChatError.badRequest('Export still in progress'),
};
