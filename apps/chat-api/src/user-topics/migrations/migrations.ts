import { CreateUserTopics1796700100000 } from './1796700100000-create-user-topics.js';

// Applied in this order; `npm run migrate -- generate --into user-topics` appends here.
export const userTopicsMigrations = [CreateUserTopics1796700100000];
