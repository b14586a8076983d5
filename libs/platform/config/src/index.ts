export * from './comma-separated-list.js';
export * from './config.module.js';
export * from './load-config.js';
export * from './secret.decorator.js';
