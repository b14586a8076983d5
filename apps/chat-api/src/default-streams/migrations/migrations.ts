import { DefaultStreams1795702774756 } from './1795702774756-default-streams.js';

// Applied in this order; `npm run migrate -- generate --into default-streams` appends here.
export const defaultStreamsMigrations = [DefaultStreams1795702774756];
