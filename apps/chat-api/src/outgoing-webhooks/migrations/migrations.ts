import { OutgoingWebhookAnswers1795714913497 } from './1795714913497-outgoing-webhook-answers.js';

// Applied in this order; `npm run migrate -- generate --into outgoing-webhooks` appends here.
export const outgoingWebhooksMigrations = [OutgoingWebhookAnswers1795714913497];
