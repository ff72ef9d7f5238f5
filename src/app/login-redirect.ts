// Where a visitor goes to log in, and where they come back to afterwards (spec 2: login redirects to the login
// route; spec 6: visitors must log in to chat, like or send a gift).

/** The login route with `next`, the path (and query) to return to after logging in: "/login?next=%2Fmembers%2F7". */
export function loginHref(next: string): string {
  return next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

/**
 * Where a visitor goes who tries to like, write to or send a gift to member `id` (spec 6: only members can): the
 * signup beside that member, "/members/7/signup", which leads on to the chat with them once signed up.
 */
export function memberSignupHref(id: number): string {
  return `/members/${id}/signup`;
}

/**
 * The path to open after a login, from the login URL's query string (`location.search`): its `next` when that is a
 * path on this site, else /members (the home after login, spec 2). Never another origin ("//evil.example",
 * "/\\evil.example", "https://…"), so the parameter cannot be used as an open redirect.
 */
export function nextAfterLogin(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return /^\/(?![/\\])/.test(next) ? next : '/members';
}
