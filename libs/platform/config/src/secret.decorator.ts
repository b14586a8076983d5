// Marks a config property as a secret: it is masked whenever the config is described or logged.
const SECRET_KEYS = Symbol('config:secrets');

type SecretCarrier = { [SECRET_KEYS]?: Set<string> };

export function Secret(): PropertyDecorator {
  return (target, propertyKey) => {
    const carrier = target as SecretCarrier;
    const inherited = carrier[SECRET_KEYS] ?? new Set<string>();
    carrier[SECRET_KEYS] = new Set([...inherited, String(propertyKey)]);
  };
}

export function isSecret(section: object, key: string): boolean {
  return (section as SecretCarrier)[SECRET_KEYS]?.has(key) ?? false;
}
