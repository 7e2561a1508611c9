/** Input checks that throw an Error naming the field and the value, before anything changes. */

export interface NumberRule {
  /** smallest allowed value */
  min?: number;
  /** whether `min` itself is allowed (default true) */
  minInclusive?: boolean;
  /** largest allowed value (inclusive) */
  max?: number;
  integer?: boolean;
}

export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

export function checkNumber(value: unknown, field: string, rule: NumberRule = {}): number {
  const parts: string[] = [rule.integer ? 'an integer' : 'a finite number'];
  if (rule.min !== undefined) parts.push(`${rule.minInclusive === false ? '>' : '>='} ${rule.min}`);
  if (rule.max !== undefined) parts.push(`<= ${rule.max}`);
  const fail = (): never => {
    throw new Error(`${field}: expected ${parts.join(' ')}, got ${describeValue(value)}`);
  };
  if (typeof value !== 'number' || !Number.isFinite(value)) return fail();
  if (rule.integer && !Number.isInteger(value)) fail();
  if (rule.min !== undefined && (rule.minInclusive === false ? value <= rule.min : value < rule.min)) fail();
  if (rule.max !== undefined && value > rule.max) fail();
  return value;
}

export function checkOneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`${field}: expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, got ${describeValue(value)}`);
}
