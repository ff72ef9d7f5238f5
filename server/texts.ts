// Server-side texts in a member's language (DESIGN: the server reads locales/ for mail and push texts), apart
// from i18next because the server needs only a lookup with {{name}} interpolation, read once per file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoize } from './memo.ts';

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'locales');

/** The file `<lng>/<ns>.json` of locales/ parsed, or null when there is no such file (read once). */
const file = memoize((name: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(readFileSync(path.join(localesDir, `${name}.json`), 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
});

/** locales/<lng>/<ns>.json parsed, or null when the language has no such file. */
function load(lng: string, ns: string): Record<string, unknown> | null {
  // Only plain language codes reach the file system, never a path.
  return /^[a-z]{2,3}$/.test(lng) && /^[a-z-]+$/.test(ns) ? file(`${lng}/${ns}`) : null;
}

function lookup(tree: Record<string, unknown> | null, key: string): string | null {
  let node: unknown = tree;
  for (const part of key.split('.'))
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : null;
}

/**
 * The text `ns:key` (dotted key) in language `lng`, falling back to English (the source language) per key, with
 * `{{name}}` placeholders replaced from `values` (no HTML escaping: these texts are plain, e.g. notifications).
 * Throws when English lacks the key, a programming error.
 */
export function serverText(lng: string, ns: string, key: string, values: Record<string, string> = {}): string {
  const text = lookup(load(lng, ns), key) ?? lookup(load('en', ns), key);
  if (text === null) throw new Error(`missing text ${ns}:${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}
