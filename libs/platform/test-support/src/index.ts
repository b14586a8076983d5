export * from './expect-eventually.js';
export * from './test-database.js';
export * from './test-infrastructure.config.js';
