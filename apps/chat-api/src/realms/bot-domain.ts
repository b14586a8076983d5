// Zulip's realm_bot_domain: bots' addresses are <name>-bot@ the realm's host.
export function botDomain(realmUrl: string): string {
  return new URL(realmUrl).hostname;
}
