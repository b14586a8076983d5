const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A malformed id finds nothing (404), without asking the database to cast it.
export const isTransactionId = (id: string) => UUID.test(id);
