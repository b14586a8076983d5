import { ApiError } from '../api/console-api.js';

// Every operator change is confirmed first; the browser's own dialog is keyboard- and
// screen-reader-friendly and cannot be clicked through by accident.
export const confirmChange = (description: string) =>
  window.confirm(`${description}\n\nThis is recorded in the audit log.`);

export const changeFailure = (error: unknown) =>
  error instanceof ApiError ? error.reason : 'The change failed.';
