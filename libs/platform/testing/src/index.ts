export * from './captured-logs.js';
export * from './test-gateway-env.js';
export * from './test-service.js';
export * from './run-scoped-bus.js';
