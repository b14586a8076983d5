export * from './blockchain-profiles.js';
export * from './deposit-addresses.js';
export * from './internal-assets.js';
export * from './internal-identity.js';
export * from './internal-quote.js';
export * from './payout-enums.js';
export * from './payout-topics.js';
export * from './service-name.js';
