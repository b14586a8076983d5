// The deployable apps. Used as consumer group ids, log `service` fields, metric labels and the
// issuer/subject of internal identity tokens.
export enum ServiceName {
  ApiGateway = 'api-gateway',
  QuoteService = 'quote-service',
  TransactionService = 'transaction-service',
  ChainWatchers = 'chain-watchers',
  KycService = 'kyc-service',
  ChatApi = 'chat-api',
  WebhookDispatcher = 'webhook-dispatcher',
}
