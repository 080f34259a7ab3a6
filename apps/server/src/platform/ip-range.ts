import ipaddr from 'ipaddr.js';

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
