import { describe, expect, it } from 'vitest';
import { findRoute, routes } from '../app/routes.ts';

describe('back button routes (spec 2: profile, likes, credits and payment screens)', () => {
  it('marks the profile and likes screens, and no other screen of the members area', () => {
    for (const path of ['/members/42', '/profile', '/likes', '/likes/liked_by', '/likes/m/5'])
      expect(findRoute(path).back, path).toBe(true);
    for (const path of ['/', '/members', '/chats', '/chats/7', '/members/42/chat', '/login'])
      expect(findRoute(path).back, path).toBeUndefined();
    // Later routes may join, but only the spec's screens: profiles (a member's, the own), likes, credits and payment.
    for (const route of routes.filter((r) => r.back))
      expect(route.name).toMatch(/^(members-id|profile|likes|likes-type|likes-m-id|credits.*|directdebit)$/);
  });
});
