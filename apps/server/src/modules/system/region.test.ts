import { describe, expect, it } from 'vitest';
import { ipInRange, isValidRange, resolveSystemStatus } from './region.js';

describe('ipInRange', () => {
  it.each([
    ['10.1.2.3', '10.0.0.0/8', true],
    ['11.0.0.1', '10.0.0.0/8', false],
    ['127.0.0.1', '127.0.0.1', true],
    ['::ffff:127.0.0.1', '127.0.0.0/8', true],
    ['2001:db8::1', '2001:db8::/32', true],
    ['2001:db9::1', '2001:db8::/32', false],
    ['10.0.0.1', '2001:db8::/32', false],
    ['not-an-ip', '10.0.0.0/8', false],
    ['10.0.0.1', 'garbage', false],
  ])('%s in %s is %s', (ip, range, expected) => {
    expect(ipInRange(ip, range)).toBe(expected);
  });
});

describe('isValidRange', () => {
  it('accepts addresses and CIDR ranges and refuses the rest', () => {
    expect(isValidRange('192.168.0.0/16')).toBe(true);
    expect(isValidRange('::1')).toBe(true);
    expect(isValidRange('1.2.3.4')).toBe(true);
    expect(isValidRange('1.2.3.4/33')).toBe(false);
    expect(isValidRange('example.com')).toBe(false);
  });
});

describe('resolveSystemStatus', () => {
  const base = { operatorStatus: 0, ip: '1.2.3.4', country: 'VN', rules: [] };

  it('is normal with no rules', () => {
    expect(resolveSystemStatus(base)).toBe(0);
  });

  it('puts maintenance above every region rule, even an allowed address', () => {
    expect(
      resolveSystemStatus({ ...base, operatorStatus: 1, rules: [{ kind: 'ALLOW_IP', value: '1.2.3.4' }] }),
    ).toBe(1);
  });

  it('restricts a blocked country, case-insensitively', () => {
    expect(resolveSystemStatus({ ...base, rules: [{ kind: 'BLOCK_COUNTRY', value: 'vn' }] })).toBe(2);
  });

  it('never restricts by country when the country is unknown', () => {
    expect(
      resolveSystemStatus({ ...base, country: null, rules: [{ kind: 'BLOCK_COUNTRY', value: 'VN' }] }),
    ).toBe(0);
  });

  it('lets an allowed range through a blocked country and a blocked range', () => {
    const rules = [
      { kind: 'BLOCK_COUNTRY', value: 'VN' },
      { kind: 'BLOCK_IP', value: '1.2.0.0/16' },
      { kind: 'ALLOW_IP', value: '1.2.3.0/24' },
    ] as const;
    expect(resolveSystemStatus({ ...base, rules: [...rules] })).toBe(0);
    expect(resolveSystemStatus({ ...base, ip: '1.2.4.1', rules: [...rules] })).toBe(2);
  });

  it('restricts everyone but the allowed ranges under operator status 2', () => {
    expect(resolveSystemStatus({ ...base, operatorStatus: 2 })).toBe(2);
    expect(
      resolveSystemStatus({ ...base, operatorStatus: 2, rules: [{ kind: 'ALLOW_IP', value: '1.2.3.4' }] }),
    ).toBe(0);
  });
});
