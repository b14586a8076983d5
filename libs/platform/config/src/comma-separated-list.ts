import { Transform } from 'class-transformer';

// An environment variable holding a comma-separated list (`a, b,,c` → ['a', 'b', 'c']); a value
// that is not a string (set in code) is left as it is.
export function CommaSeparatedList(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
      : value,
  );
}
