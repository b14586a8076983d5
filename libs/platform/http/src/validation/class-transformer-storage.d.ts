// class-transformer publishes no types for the metadata storage's module path; it is the one its
// `types/storage.d.ts` describes, and the instance its decorators and plainToInstance share.
declare module 'class-transformer/cjs/storage.js' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage.js';
}
