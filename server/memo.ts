// Functions of bundled data (the geo dataset, locale texts), computed on first use and then answered from memory: the
// data ships with the server, so the answer is the same for every caller and every app in the process. Never for what
// changes while the server runs: that lives in the context (server/context.ts) and its caches.

/** `make(key)` computed once per key and kept for the life of the process. For keys from a small fixed set. */
export function memoize<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key)!;
  };
}

/** `make()` computed on the first call and kept for the life of the process. */
export function once<V>(make: () => V): () => V {
  const made = memoize((_: null) => make());
  return () => made(null);
}
