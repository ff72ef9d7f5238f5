// The embedded GeoIP country database: ip-location-db's geo-whois-asn-country (CC0, built from the RIRs' whois and
// ASN data), shipped as an npm package. Read from node_modules once per app; nothing is fetched at run time.
import { BlockList, isIP } from 'node:net';
import { createRequire } from 'node:module';
import maxmind, { type CountryResponse } from 'maxmind';

/** The database file; updated by bumping @ip-location-db/geo-whois-asn-country-mmdb (README "GeoIP"). */
const DATABASE_FILE = createRequire(import.meta.url).resolve(
  '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb',
);

/** A country lookup over the embedded database, read-only. */
export interface Geoip {
  /**
   * The ISO 3166-1 alpha-2 code (upper case) the database gives a public IPv4 or IPv6 address, or null for an address
   * it does not know, a local address (`isLocal`: the database maps some of them to a country) or no address.
   */
  countryOf(ip: string | undefined): string | null;
  /** True for a loopback, private, link-local, carrier-grade NAT or unique-local address (IPv4-mapped IPv6 as its IPv4). */
  isLocal(ip: string): boolean;
}

/** ip-location-db rows carry `country_code` (not MaxMind's nested `country.iso_code`). */
type Row = CountryResponse & { country_code?: string };

/** Opens the database file (about 8 MB, read into memory). Rejects when the package is missing or the file unreadable. */
export async function openGeoip(): Promise<Geoip> {
  const reader = await maxmind.open<Row>(DATABASE_FILE);
  const local = localRanges();
  const isLocal = (ip: string): boolean => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    if (mapped) return local.check(mapped[1], 'ipv4');
    const family = isIP(ip);
    return family === 4 ? local.check(ip, 'ipv4') : family === 6 ? local.check(ip, 'ipv6') : false;
  };
  return {
    isLocal,
    countryOf(ip) {
      if (!ip || !isIP(ip) || isLocal(ip)) return null;
      const row = reader.get(ip);
      const code = row?.country_code ?? row?.country?.iso_code;
      return code ? code.toUpperCase() : null;
    },
  };
}

/** Loopback, private, link-local, carrier-grade NAT and unique-local ranges: no visitor's country can be read from them. */
function localRanges(): BlockList {
  const list = new BlockList();
  for (const [net, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ] as const)
    list.addSubnet(net, bits, 'ipv4');
  for (const [net, bits] of [
    ['::', 127],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const)
    list.addSubnet(net, bits, 'ipv6');
  return list;
}
