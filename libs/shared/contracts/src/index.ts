export * from './internal-identity.js';
export * from './service-name.js';
