// The service worker's runtime cache names, in src/data so that both sw/ (which caches) and the page (which
// clears the member's images at logout) read one definition.

/** `images` holds the photos a member has seen, premium ones included; `content` the content blocks. */
export const RUNTIME_CACHES = { images: 'images', content: 'content-blocks' } as const;
