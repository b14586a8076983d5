import { Uploads1796563085395 } from './1796563085395-uploads.js';
import { ImageAttachments1796582526891 } from './1796582526891-image-attachments.js';

// Applied in this order; `npm run migrate -- generate --into uploads` appends here.
export const uploadsMigrations = [Uploads1796563085395, ImageAttachments1796582526891];
