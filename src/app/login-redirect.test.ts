import { describe, expect, it } from 'vitest';
import { loginHref, nextAfterLogin } from './login-redirect.ts';

describe('login redirect (spec 2, 6)', () => {
  it('comes back to the page that asked for a login', () => {
    expect(loginHref('/members/7')).toBe('/login?next=%2Fmembers%2F7');
    expect(nextAfterLogin('?next=%2Fmembers%2F7')).toBe('/members/7');
    expect(nextAfterLogin(new URL(loginHref('/credits/3/ideal?x=1'), 'http://h').search)).toBe('/credits/3/ideal?x=1');
  });

  it('goes to /members without a usable next, and never to another site', () => {
    expect(loginHref('/')).toBe('/login');
    expect(nextAfterLogin('')).toBe('/members');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/x', 'javascript:alert(1)', 'members']) {
      expect(nextAfterLogin(`?next=${encodeURIComponent(bad)}`), bad).toBe('/members');
    }
  });
});
