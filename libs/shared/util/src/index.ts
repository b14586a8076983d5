export * from './clock.js';
export * from './delay.js';
export * from './id-generator.js';
