// What every request carries for its route: its site (req.site, by Host) and the member behind its session cookie
// (req.viewer, looked up only when asked), so no route looks them up itself.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from './context.ts';
import { requestViewer, SESSION_COOKIE, type RequestViewer } from './domain/accounts/sessions.ts';
import type { Site } from './domain/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's context, for what works on a built app from outside its routes (tests). */
    ctx: ServerContext;
  }
  interface FastifyRequest {
    /** The site the request is for: its Host header's, else the default site (Sites.byDomain). */
    site: Site;
    /** The member behind the request's session cookie, read only when a route asks (RequestViewer). */
    viewer: RequestViewer;
  }
}

/** Gives `app` its context `ctx`, and every request of it its `site` and `viewer`. */
export function decorateRequests(app: FastifyInstance, ctx: ServerContext): void {
  app.decorate('ctx', ctx);
  app.decorateRequest('site', {
    getter(this: FastifyRequest) {
      return ctx.sites.byDomain(this.headers.host);
    },
  });
  app.decorateRequest('viewer', null as unknown as RequestViewer);
  app.addHook('onRequest', (req, _reply, done) => {
    req.viewer = requestViewer(ctx, req.cookies[SESSION_COOKIE], () => req.site);
    done();
  });
}
