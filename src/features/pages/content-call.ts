// The content block call's path, without React or zod: the content screens load it (use-content-block.ts) and the route
// table declares it (src/app/routes.ts), so a server render answers it and the page hydrates with the block.

/**
 * GET /api/content.php for block `token` in `language` (the server falls back to English), by path with query as the
 * page sends it: "/api/content.php?token=terms&lang=de"; null for what can be no token (contract ContentToken's
 * pattern, without loading zod into the entry).
 */
export function contentCall(token: string, language: string): string | null {
  return /^[a-z0-9][a-z0-9-]{0,62}$/.test(token) ? `/api/content.php?token=${token}&lang=${encodeURIComponent(language)}` : null;
}
