export * from './aes-gcm-cipher.js';
export * from './clock.js';
export * from './coded-error.js';
export * from './delay.js';
export * from './id-generator.js';
export * from './operator-actor.js';
export * from './recurring-pass.js';
export * from './wake-signal.js';
