export * from './app-database.js';
export * from './create-data-source.js';
export * from './database.config.js';
export * from './database.module.js';
export * from './embedded-postgres.js';
export * from './migration-source.js';
export * from './migrations.js';
export * from './table-name.js';
