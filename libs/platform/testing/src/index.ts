export * from './test-service.js';
