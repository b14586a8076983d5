import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { isSecret } from './secret.decorator.js';

// A config section is a class whose property names are environment variable names, validated
// with class-validator. An app's config is a record of sections, loaded and checked together so
// that a bad boot lists every problem at once.
export type SectionClass<T extends object = object> = new () => T;
export type SectionClasses = Record<string, SectionClass>;
export type LoadedConfig<S extends SectionClasses> = { readonly [K in keyof S]: InstanceType<S[K]> };
export type Environment = Readonly<Record<string, string | undefined>>;

export class ConfigValidationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

export function loadConfig<S extends SectionClasses>(
  sections: S,
  env: Environment = process.env,
): LoadedConfig<S> {
  const problems: string[] = [];
  const loaded: Record<string, object> = {};
  for (const [name, sectionClass] of Object.entries(sections)) {
    const instance = plainToInstance(sectionClass, presentValues(env), {
      enableImplicitConversion: true,
      excludeExtraneousValues: false,
      exposeDefaultValues: true,
    });
    const errors = validateSync(instance, { whitelist: true, forbidUnknownValues: false });
    problems.push(...errors.map((error) => describeProblem(instance, error)));
    loaded[name] = instance;
  }
  if (problems.length > 0) throw new ConfigValidationError([...new Set(problems)].sort());
  return loaded as LoadedConfig<S>;
}

// Empty strings mean "not set", so `FOO=` in an env file falls back to the default.
function presentValues(env: Environment): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

function describeProblem(section: object, error: ValidationError): string {
  const shown = isSecret(section, error.property) ? '[secret]' : JSON.stringify(error.value);
  const reasons = Object.values(error.constraints ?? {}).join('; ');
  return `${error.property}: ${reasons} (got ${error.value === undefined ? 'nothing' : shown})`;
}

// The config as it may be logged: secrets replaced by a mask.
export function describeConfig(config: Record<string, object>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(config).map(([name, section]) => [
      name,
      Object.fromEntries(
        Object.entries(section).map(([key, value]) => [key, isSecret(section, key) ? '***' : value]),
      ),
    ]),
  );
}
