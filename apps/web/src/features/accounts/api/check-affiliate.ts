import { affiliateResponse } from '@jade/contracts/auth';
import { apiGet } from '../../../api/client';

/** §4 register: the invitation (affiliate) code is checked first; an invalid one is INVITATION_CODE_ERROR. */
export const checkAffiliateCode = (code: string) =>
  apiGet('/wps/agent/affiliate', affiliateResponse, { query: { code, domain: window.location.host } });
