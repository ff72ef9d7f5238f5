// Other spellings of a call's path and other Host headers: what a router or a proxy might take for the same call.

/**
 * Spellings of `path` (an /api or /media path) that name the same call to a lenient router but are not its own:
 * percent-encoded characters (of the prefix, the name, the dot, the slash), double slashes, dot segments, case
 * variants, a trailing slash, `#`, `;`, a backslash, and the absolute form on `host`.
 */
export function pathVariants(path: string, host: string): string[] {
  const [, prefix, file] = path.match(/^\/([^/]+)\/(.+)$/)!;
  const encode = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
  return [
    `/${encode(prefix[0])}${prefix.slice(1)}/${file}`,
    `/${prefix}/${encode(file[0])}${file.slice(1)}`,
    `/${prefix}/${file.replace('.', '%2E')}`,
    `/${prefix}/${file.replace('.', '%2e')}`,
    `/${prefix}%2F${file}`,
    `//${prefix}/${file}`,
    `/${prefix}//${file}`,
    `/${prefix}/./${file}`,
    `/${prefix}/x/../${file}`,
    `/x/../${prefix}/${file}`,
    `/${prefix.toUpperCase()}/${file}`,
    `/${prefix[0].toUpperCase()}${prefix.slice(1)}/${file}`,
    `/${prefix}/${file.toUpperCase()}`,
    `/${prefix}/${file}/`,
    `/${prefix}/${file}#x`,
    `/${prefix}/${file};x`,
    `/${prefix}\\${file}`,
    `http://${host}/${prefix}/${file}`,
  ];
}

/**
 * Host headers other than the server's own `host` (host:port): an unknown host, another site's host (`otherSite`), a
 * host with another port, an IPv4 and an IPv6 literal, upper case, a trailing dot, and an empty one.
 */
export function hostVariants(host: string, otherSite: string): string[] {
  const [name, port] = host.split(':');
  return [
    'evil.example',
    `evil.example:${port}`,
    otherSite,
    `${otherSite}:${port}`,
    `${name}:1`,
    '10.0.0.1',
    '[::1]',
    `LOCALHOST:${port}`,
    `localhost.:${port}`,
    '',
  ];
}
