// Turns the URLs of a plain text into links, leaving everything else as text (never HTML).
import type { ReactNode } from 'react';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than the URL. */
const TRAILING = /[.,;:!?)\]]+$/;

/** React nodes of `text` with each http(s) URL as an <a> whose text is the URL itself. */
export function linkify(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    const start = match.index;
    if (start > last) nodes.push(text.slice(last, start));
    nodes.push(
      <a key={start} href={url} rel="noreferrer">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
