// Reading back the text of the PDFs the server draws (invoices, credit notes), for the API and e2e tests.
import { inflateSync } from 'node:zlib';

/** WinAnsi's characters 0x80-0x9f (where it differs from Latin-1; Node's decoders treat it as Latin-1). */
const WIN_ANSI_HIGH = [...'€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ'];

/**
 * The text a PDF draws: each stream of a direct /Length (inflated when compressed), its strings shown with Tj (pdf-lib writes
 * the standard fonts' text as hex strings in WinAnsi), one per line, white space normalised.
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const shown: string[] = [];
  // Each stream's bytes by its dictionary's /Length: compressed bytes may hold "\r" or "\nendstream" themselves.
  for (const m of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = m.index + m[0].length;
    let body = Buffer.from(raw.slice(start, start + Number(m[1])), 'latin1');
    try {
      body = inflateSync(body);
    } catch {
      // Not compressed.
    }
    for (const t of body.toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      shown.push([...Buffer.from(t[1], 'hex')].map((b) => WIN_ANSI_HIGH[b - 0x80] ?? String.fromCharCode(b)).join(''));
  }
  return shown.join('\n').replace(/[^\S\n]+/g, ' ');
}
