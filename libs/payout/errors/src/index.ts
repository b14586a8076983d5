export * from './cap-refusal.js';
export * from './payout-error.presenter.js';
export * from './payout-error.response.dto.js';
