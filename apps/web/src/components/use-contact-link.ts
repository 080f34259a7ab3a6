import type { CustomerServiceLink } from '@jade/contracts/system';
import { VIP_SERVICE_MIN_LEVEL } from '@jade/contracts/constants';
import { useBrand } from '../config/brand';
import { useMemberInfo } from '../features/accounts/api/get-member-info';
import { isLoggedIn, useSession } from '../lib/session';
import { findContactLink } from './customer-service';

/**
 * Where the side bar and every Contact Us send the visitor (§6): a member above rank 4 to the brand's
 * VIP customer service when it has one, everyone else to live chat (decision 0049).
 */
export const useContactLink = (): CustomerServiceLink | undefined => {
  const { whitelabel } = useBrand();
  const session = useSession();
  const info = useMemberInfo();
  const links = whitelabel.customerService;
  const rank = isLoggedIn(session) ? (info.data?.clubLabel.rankLevel ?? 0) : 0;
  const vip = links.find((link) => link.type === 'VIP');
  if (vip && rank >= VIP_SERVICE_MIN_LEVEL) return vip;
  return findContactLink(links);
};
