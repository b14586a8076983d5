import { ChatError, ChatErrorCode } from './chat.error.js';
import { missing, type ParamType } from './param-types.js';
import type { RequestParams } from './request-params.js';

// One declared parameter of an endpoint. `aliases` are older names Zulip still accepts
// (`subject` for `topic`); sending two of them at once is refused.
export interface ParamDeclaration<T> {
  readonly type: ParamType<T>;
  readonly required: boolean;
  readonly defaultValue: T | undefined;
  readonly aliases: readonly string[];
}

interface DeclarationOptions {
  readonly aliases?: readonly string[];
}

export function required<T>(type: ParamType<T>, options: DeclarationOptions = {}): ParamDeclaration<T> {
  return { type, required: true, defaultValue: undefined, aliases: options.aliases ?? [] };
}

export function optional<T>(
  type: ParamType<T>,
  options: DeclarationOptions = {},
): ParamDeclaration<T | undefined> {
  return { type, required: false, defaultValue: undefined, aliases: options.aliases ?? [] };
}

export function withDefault<T>(
  type: ParamType<T>,
  defaultValue: T,
  options: DeclarationOptions = {},
): ParamDeclaration<T> {
  return { type, required: false, defaultValue, aliases: options.aliases ?? [] };
}

// An endpoint's parameters in the server's declaration order: the first failing one is reported.
export type ParamsSpec = Readonly<Record<string, ParamDeclaration<unknown>>>;

export type ParamsOf<S extends ParamsSpec> = {
  readonly [K in keyof S]: S[K] extends ParamDeclaration<infer T> ? T : never;
};

export interface ParsedParams<S extends ParamsSpec> {
  readonly values: ParamsOf<S>;
  // The request names that were read, for `ignored_parameters_unsupported`.
  readonly used: readonly string[];
}

export function parseParams<S extends ParamsSpec>(spec: S, params: RequestParams): ParsedParams<S> {
  const values: Record<string, unknown> = {};
  const used: string[] = [];
  for (const [name, declaration] of Object.entries(spec)) {
    const sent = [name, ...declaration.aliases].filter((candidate) => params.has(candidate));
    if (sent.length > 1) {
      throw new ChatError(
        ChatErrorCode.REQUEST_CONFUSING_VAR,
        `Can't decide between '${sent[0]}' and '${sent[1]}' arguments`,
      );
    }
    const [sentName] = sent;
    if (sentName === undefined) {
      if (declaration.required) throw missing(name);
      values[name] = declaration.defaultValue;
      continue;
    }
    used.push(sentName);
    values[name] = declaration.type.parse(params.get(sentName)!, sentName);
  }
  return { values: values as ParamsOf<S>, used };
}
