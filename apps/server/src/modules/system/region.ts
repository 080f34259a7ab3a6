import { SYSTEM_STATUS, type SystemStatus } from '@jade/contracts/constants';
import type { RegionRule } from '../merchants/repo.js';

export { ipInRange, isValidRange } from '../../platform/ip-range.js';
import { ipInRange } from '../../platform/ip-range.js';

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
