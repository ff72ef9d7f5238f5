// Server-side texts in a member's language (DESIGN: the server reads locales/ for mail and push texts), apart
// from i18next because the server needs only a lookup with {{name}} interpolation, read once per file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'locales');
const files = new Map<string, Record<string, unknown> | null>();

/** locales/<lng>/<ns>.json parsed, or null when the language has no such file (read once, then cached). */
function load(lng: string, ns: string): Record<string, unknown> | null {
  const key = `${lng}/${ns}`;
  if (!files.has(key)) {
    let value: Record<string, unknown> | null = null;
    // Only plain language codes reach the file system, never a path.
    if (/^[a-z]{2,3}$/.test(lng) && /^[a-z-]+$/.test(ns)) {
      try {
        value = JSON.parse(readFileSync(path.join(localesDir, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;
      } catch {
        value = null;
      }
    }
    files.set(key, value);
  }
  return files.get(key)!;
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
