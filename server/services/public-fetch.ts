// Outgoing requests to URLs that members choose (Web Push endpoints): they may only reach public internet addresses,
// never the server's own network (blind SSRF, ASVS V1.3.6 / OWASP SSRF prevention). The check runs at connect time,
// on the addresses actually dialled, so a DNS answer that changes after a check cannot slip past it.
import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';

/** True when `address` (IPv4 or IPv6, IPv4-mapped allowed) is public unicast: not private, loopback, link-local, etc. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The error of a refused address (`code` EADDRNOTPUBLIC). */
class NotPublicAddressError extends Error {
  readonly code = 'EADDRNOTPUBLIC';
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup for net.connect that fails with NotPublicAddressError when any resolved address is not public. */
function publicLookup(hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void {
  const all: LookupAllOptions = { ...(options as object), all: true };
  lookup(hostname, all, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad || addresses.length === 0) return callback(new NotPublicAddressError(hostname, bad?.address ?? 'nothing'), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

const publicAgent = new Agent({ connect: { lookup: publicLookup } });

/**
 * fetch that connects only to public addresses (see publicLookup): an IP literal or a name resolving to a private,
 * loopback or link-local address fails with a TypeError whose `cause` is NotPublicAddressError.
 */
export const publicFetch: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  const host = URL.parse(url)?.hostname.replace(/^\[|\]$/g, '') ?? '';
  // An IP literal is not looked up: check it here.
  if (ipaddr.isValid(host) && !isPublicAddress(host))
    return Promise.reject(new TypeError('fetch failed', { cause: new NotPublicAddressError(host, host) }));
  return undiciFetch(url, { ...(init as object), dispatcher: publicAgent }) as unknown as Promise<Response>;
};
