import { SYSTEM_STATUS, type SystemStatus } from '@jade/contracts/constants';
import ipaddr from 'ipaddr.js';
import type { RegionRule } from '../merchants/repo.js';

/** True when `ip` is the address or inside the CIDR range `range` (IPv4 and IPv6). */
export const ipInRange = (ip: string, range: string): boolean => {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  try {
    const [network, bits] = range.includes('/')
      ? ipaddr.parseCIDR(range)
      : [ipaddr.process(range), ipaddr.process(range).kind() === 'ipv4' ? 32 : 128];
    const net =
      network.kind() === 'ipv6' && (network as ipaddr.IPv6).isIPv4MappedAddress()
        ? (network as ipaddr.IPv6).toIPv4Address()
        : network;
    if (net.kind() !== address.kind()) return false;
    const netBits = net !== network ? bits - 96 : bits;
    return address.match(net, netBits);
  } catch {
    return false;
  }
};

/** Whether a range given by an operator can be parsed at all. */
export const isValidRange = (range: string): boolean => {
  if (range.includes('/')) return ipaddr.isValidCIDR(range);
  return ipaddr.isValid(range);
};

/**
 * The whole-page state of §2 for one visitor.
 * Maintenance wins over everything; an allowed IP range passes every restriction; then an
 * operator-set status 2 restricts everyone else; then blocked ranges and blocked countries.
 */
export const resolveSystemStatus = (input: {
  operatorStatus: number;
  ip: string;
  country: string | null;
  rules: RegionRule[];
}): SystemStatus => {
  if (input.operatorStatus === SYSTEM_STATUS.MAINTENANCE) return SYSTEM_STATUS.MAINTENANCE;
  const matches = (kind: RegionRule['kind']) =>
    input.rules.some((r) => r.kind === kind && ipInRange(input.ip, r.value));
  if (matches('ALLOW_IP')) return SYSTEM_STATUS.NORMAL;
  if (input.operatorStatus === SYSTEM_STATUS.REGION_RESTRICTED) return SYSTEM_STATUS.REGION_RESTRICTED;
  if (matches('BLOCK_IP')) return SYSTEM_STATUS.REGION_RESTRICTED;
  const country = input.country?.toUpperCase();
  if (country && input.rules.some((r) => r.kind === 'BLOCK_COUNTRY' && r.value.toUpperCase() === country)) {
    return SYSTEM_STATUS.REGION_RESTRICTED;
  }
  return SYSTEM_STATUS.NORMAL;
};
