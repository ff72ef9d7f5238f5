// The answers of a server-rendered page's first calls (src/app/ssr-boot.ts): on the server the render reads the
// answers the page shell fetched in-process, in the page the hydrating render reads the same JSON from the HTML, so
// both draw the same first screen without a request. A screen asks by the call's path with its query.

/** Raw JSON answers by path with query, e.g. "/api/lander.php". */
const answers = new Map<string, unknown>();

/** Replaces the stored answers (the server before each render; the page once, from the SsrBoot). */
export function seedFirstAnswers(seed: Record<string, unknown>): void {
  answers.clear();
  for (const [path, body] of Object.entries(seed)) answers.set(path, body);
}

/**
 * The stored answer of GET `path` (path with query, as the server answered it), parsed by `schema`; undefined when
 * there is none or it does not parse. It stays until taken (takeFirstAnswer) or the next seed.
 */
export function firstAnswer<T>(
  path: string,
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } },
): T | undefined {
  if (!answers.has(path)) return undefined;
  const parsed = schema.safeParse(answers.get(path));
  return parsed.success ? parsed.data : undefined;
}

/** firstAnswer, once: the answer is dropped, so the next load of the same call goes to the network. */
export function takeFirstAnswer<T>(
  path: string,
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } },
): T | undefined {
  const answer = firstAnswer(path, schema);
  answers.delete(path);
  return answer;
}
