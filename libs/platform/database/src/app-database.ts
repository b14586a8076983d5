import type { DataSourceOptions } from 'typeorm';

// What an app declares about its storage: the schema it owns, its entities and its migrations
// in the order they were generated. Every app lives in its own schema of one database.
export interface AppDatabase {
  readonly schema: string;
  readonly entities: NonNullable<DataSourceOptions['entities']>;
  readonly migrations: NonNullable<DataSourceOptions['migrations']>;
}
