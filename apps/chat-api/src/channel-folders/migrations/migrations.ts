import { ChannelFolders1795704375429 } from './1795704375429-channel-folders.js';

// Applied in this order; `npm run migrate -- generate --into channel-folders` appends here.
export const channelFoldersMigrations = [ChannelFolders1795704375429];
