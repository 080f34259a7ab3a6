import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';

type GeoIpLite = { lookup: (ip: string) => { country: string } | null };

let geoip: GeoIpLite | undefined;
/** geoip-lite reads its ~150 MB database synchronously on load, so load it on first use only. */
const load = (): GeoIpLite => (geoip ??= createRequire(import.meta.url)('geoip-lite') as GeoIpLite);

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4) becomes plain IPv4; anything unparseable stays as it is. */
export const normalizeIp = (ip: string): string => {
  if (!ipaddr.isValid(ip)) return ip;
  return ipaddr.process(ip).toString();
};

/** ISO country code of an address from the offline GeoIP database, or null (private, loopback, unknown). */
export const lookupCountry = (ip: string): string | null => {
  const normalized = normalizeIp(ip);
  if (!ipaddr.isValid(normalized)) return null;
  const range = ipaddr.parse(normalized).range();
  if (range !== 'unicast') return null;
  return load().lookup(normalized)?.country || null;
};
