// Thrown when a route's auth policy is not met. Each API surface renders it its own way; every
// rendering is a 401 whose body carries a `message`.
export class AuthenticationError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'AuthenticationError';
  }
}
