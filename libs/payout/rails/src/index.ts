export * from './chain-rail.js';
export * from './chain-rails.js';
export * from './payment-rail.js';
export * from './payment-rails.js';
export * from './recipients/breb-key.validator.js';
export * from './recipients/key-validation.js';
export * from './recipients/pix-key.validator.js';
