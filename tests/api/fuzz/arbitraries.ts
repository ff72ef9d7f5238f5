// fast-check arbitraries driven by the contract's zod schemas: valid input (through the schema's JSON Schema),
// boundary and malformed values, and valid input with one field broken. Used by tests/api/fuzz.test.ts.
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

/** Values that broke servers before: NUL, lone surrogates, ids past int4, huge and odd numbers, big and deep input. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFF',
    '\uDBFF\uDBFF',
    '\u202Eevil',
    '𝕏😀\u200D',
    "' OR 1=1 --",
    '<script>x</script>',
    '../../etc/passwd',
    '',
    ' ',
    '%00',
    'ä'.repeat(5000),
    'x'.repeat(70_000),
    0,
    -1,
    1.5,
    2_147_483_648,
    2 ** 53,
    2 ** 63,
    1e300,
    -1e300,
    Number.MAX_SAFE_INTEGER,
    true,
    false,
    null,
    [],
    {},
    [1, 2],
    { id: 1 },
    { __proto__: { admin: true } },
    { constructor: { prototype: { x: 1 } } },
  ),
  fc.constant(null).map(() => nested(200)),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\uD83D', '\uDE00', 'a', '\u0301', '\uFFFF'), maxLength: 12 }),
  fc.integer(),
  fc.double(),
);

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** A valid value of `schema` (its JSON Schema as input), within the schema's bounds. */
export function validOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fromJsonSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

function fromJsonSchema(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(fromJsonSchema));
  if (s.allOf?.length) return fromJsonSchema(s.allOf[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return fc.integer({
        min: s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -(2 ** 31)),
        max: Math.min(s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 2 ** 31 - 1), 2 ** 31 - 1),
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: s.minimum ?? -1e9, max: s.maximum ?? 1e9 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromJsonSchema(s.items ?? {}), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, Math.max(s.minItems ?? 0, 4)),
      });
    case 'object': {
      const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, fromJsonSchema(v)]));
      return fc.record(props, { requiredKeys: s.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? Math.max(minLength, 40);
  // Only the schema's own bounds filter a format or pattern (a pattern may need more than the default length).
  const bounded = (a: fc.Arbitrary<string>) => a.filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
  switch (s.format) {
    case 'email':
      return bounded(fc.emailAddress());
    case 'uuid':
      return fc.uuid({ version: 7 });
    case 'uri':
    case 'url':
      return bounded(fc.webUrl());
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
  }
  if (s.pattern) return bounded(fc.stringMatching(new RegExp(s.pattern)));
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 60), unit: 'grapheme' });
}

/** `value` with one place broken: a field replaced by a hostile value, a field dropped, an unknown field, or the whole. */
export function brokenOf(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, hostileValue, fc.nat(), fc.constantFrom('replace', 'drop', 'extra', 'whole'))
    .map(([value, bad, pick, how]) => {
      if (how === 'whole' || typeof value !== 'object' || value === null || Array.isArray(value)) return bad;
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const key = keys.length ? keys[pick % keys.length] : 'x';
      if (how === 'drop') delete copy[key];
      else if (how === 'extra') copy[`x${pick % 7}`] = bad;
      else copy[key] = bad;
      return copy;
    });
}

/** Percent-encoding of `s` as its bytes; a lone surrogate as its 3-byte generalized UTF-8 (WTF-8) form. */
function percent(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    out +=
      cp >= 0xd800 && cp <= 0xdfff
        ? `%${(0xe0 | (cp >> 12)).toString(16)}%${(0x80 | ((cp >> 6) & 63)).toString(16)}%${(0x80 | (cp & 63)).toString(16)}`
        : encodeURIComponent(ch);
  }
  return out;
}

/** Query string of `value` (an object): scalars as text, arrays as repeated keys, objects as JSON text. */
export function toQuery(value: unknown): string {
  const text = (v: unknown) => percent(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `q=${text(value)}`;
  return Object.entries(value)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item) => `${percent(k)}=${text(item)}`))
    .join('&');
}
