// A transfer that can never be made (bad destination, amount): the refund fails with its message.
export class RefundRefusedError extends Error {}
