export * from './expect-eventually.js';
export * from './test-database.js';
export * from './test-infrastructure.config.js';
export * from './tcp-proxy.js';
