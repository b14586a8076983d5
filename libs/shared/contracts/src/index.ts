export * from './blockchain-profiles.js';
export * from './internal-identity.js';
export * from './payout-enums.js';
export * from './payout-topics.js';
export * from './service-name.js';
