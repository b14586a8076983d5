export * from './create-logger.js';
export * from './logging.module.js';
export * from './nest-logger.js';
export * from './request-context.js';
export * from './tracing/trace-context.js';
export * from './tracing/tracing.js';
export * from './tracing/tracing.config.js';
