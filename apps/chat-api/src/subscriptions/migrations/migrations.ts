import { SubscriptionNotificationSettings1796700000000 } from './1796700000000-subscription-notification-settings.js';

// Applied in this order; `npm run migrate -- generate --into subscriptions` appends here.
export const subscriptionsMigrations = [SubscriptionNotificationSettings1796700000000];
