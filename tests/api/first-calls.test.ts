// The first calls the route table declares (src/app/routes.ts), over the real server: a server render answers them
// in-process (server/page-render.ts), so a declared call the server cannot answer would draw its page without its data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings, User } from '../../contract/index.ts';
import { firstCalls, notFoundRoute, routes, type AppRoute } from '../../src/app/routes.ts';
import { activeMember, Client, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer(40);
});
afterAll(() => server.close());

/** Whether the server draws `route` for a member (else a visitor): a page that redirects is the plain shell. */
const drawnFor = (route: AppRoute, member: boolean) =>
  member ? route.access !== 'guest' : route.access === 'public' || route.access === 'guest';

/**
 * Paths `pattern` matches: optional parameters left out, and given as "amsterdam" (a lander's slug naming a place);
 * `:id` the member `id`, `:token` a content block that exists ("faq"), any other parameter "x".
 */
const samplePaths = (pattern: string, id: number) =>
  [...new Set([pattern.replace(/\/:\w+\?/g, ''), pattern.replace(/:\w+\?/g, 'amsterdam')])].map((p) =>
    p
      .replace(/:id\b/g, String(id))
      .replace(/:token\b/g, 'faq')
      .replace(/:\w+/g, 'x'),
  );

describe('first calls', () => {
  it('are each answered 200 for the sessions whose pages the server draws', async () => {
    const headers = { 'x-country': 'NL' };
    const visitor = new Client(server.url);
    const { client: member } = await activeMember(server);
    const { members } = (await visitor.get('/api/lander.php')).body as { members: { id: number }[] };
    const answered = new Set<string>();
    for (const client of [visitor, member]) {
      const { settings } = (await client.call('GET', '/api/settings.php', undefined, headers)).body as { settings: Settings };
      const { user } =
        client === member ? ((await client.get('/api/user.php')).body as { user: User }) : { user: null as User | null };
      for (const route of [...routes, notFoundRoute].filter((r) => drawnFor(r, user !== null))) {
        for (const call of samplePaths(route.path, members[0].id).flatMap((path) =>
          firstCalls(route, path, user, settings, settings.domain_language.split('-')[0]),
        )) {
          const res = await client.call('GET', call, undefined, headers);
          expect(res.status, `${route.name} (${user ? 'member' : 'visitor'}): GET ${call}`).toBe(200);
          answered.add(route.name);
        }
      }
    }
    // Every route that declares calls was checked for at least one session.
    expect(routes.filter((r) => r.firstCalls && !answered.has(r.name)).map((r) => r.name)).toEqual([]);
  });
});
