// The spec 2 route table with real ids filled in, for the route walk and the marker-language walk.

/** Every path of the spec's route table, with real ids filled in. */
export function paths(member: number, payment: string | null): string[] {
  return [
    '/', '/members', `/members/${member}`, `/members/${member}/chat`,
    `/members/${member}/landing`, `/members/${member}/signup`, `/members/${member}/landing2`, `/members/${member}/landing2/amsterdam`,
    `/members/${member}/landing3`, `/members/${member}/landing3/tonight`,
    '/chats', `/chats/${member}`, '/likes', '/likes/liked-me', '/likes/my-likes', '/likes/matches', `/likes/m/${member}`,
    '/credits', '/credits/3', '/credits/3/ideal', '/credits/repeat-order', '/directdebit?bundle=1', '/premium', '/pricing',
    '/profile', '/notifications', '/signup', '/complete-signup', '/signup-matches', '/login', '/reset-password',
    '/reset-password/do', '/activate/done', '/activate/error', '/mail-change/do', '/account-deleted', '/complaints',
    '/match-finder', '/swipe-game', '/transactions', ...(payment ? [`/transactions/${payment}`] : []), '/lang-config',
    '/landers/tinderswipe',
    ...['alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video'].flatMap((l) => [
      `/landers/${l}`,
      `/landers/${l}/berlin`,
    ]),
    '/terms', '/pages/ban', '/pages/cookies', '/pages/faq', '/pages/privacy', '/pages/return-policy', '/pages/service', '/pages/terms',
  ];
}
