export * from './payout-error.presenter.js';
