// The regions call over the real server: the kind of region each country names (spec 3: "labelled province, state,
// canton, county etc."), so each language can call it by its own word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegionsResponse } from '../../contract/index.ts';
import { Client, expectShape, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let c: Client;
beforeAll(async () => {
  server = await startServer(0);
  c = new Client(server.url);
});
afterAll(() => server.close());

describe('regions call', () => {
  it('names German and Austrian Länder apart from US and Australian states', async () => {
    for (const country of ['DE', 'AT']) {
      expect(expectShape(RegionsResponse, await c.get(`/api/regions.php?country=${country}`)).label, country).toBe('land');
    }
    for (const country of ['US', 'AU']) {
      expect(expectShape(RegionsResponse, await c.get(`/api/regions.php?country=${country}`)).label, country).toBe('state');
    }
  });
});
