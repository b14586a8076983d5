import { apiGatewayDefinition } from '@apps/api-gateway';
import { chainWatchersDefinition } from '@apps/chain-watchers';
import { chatApiDefinition } from '@apps/chat-api';
import { kycServiceDefinition } from '@apps/kyc-service';
import { quoteServiceDefinition } from '@apps/quote-service';
import { transactionServiceDefinition } from '@apps/transaction-service';
import { webhookDispatcherDefinition } from '@apps/webhook-dispatcher';

// The gateway last: it needs every other app's URL.
export const backendDefinitions = [
  quoteServiceDefinition,
  transactionServiceDefinition,
  chainWatchersDefinition,
  kycServiceDefinition,
  chatApiDefinition,
  webhookDispatcherDefinition,
] as const;

export const gatewayDefinition = apiGatewayDefinition;

export const allDefinitions = [...backendDefinitions, gatewayDefinition] as const;

export type AppName = (typeof allDefinitions)[number]['name'];

// The variable that points at each backend, by backend; the launchers give it to every app.
export const upstreamVariables: Readonly<Record<string, string>> = {
  'quote-service': 'QUOTE_SERVICE_URL',
  'transaction-service': 'TRANSACTION_SERVICE_URL',
  'kyc-service': 'KYC_SERVICE_URL',
  'webhook-dispatcher': 'WEBHOOK_DISPATCHER_URL',
  'chat-api': 'CHAT_API_URL',
  'chain-watchers': 'CHAIN_WATCHERS_URL',
};
