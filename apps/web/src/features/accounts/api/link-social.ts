import { socialLinkResponse, type SocialProvider } from '@jade/contracts/social';
import { apiSend } from '../../../api/client';

/** POST /wps/member/social/:provider/link: where to send the browser to add a provider to this account. */
export const linkSocialAccount = (provider: SocialProvider, returnTo: string) =>
  apiSend('POST', `/wps/member/social/${provider.toLowerCase()}/link`, { returnTo }, socialLinkResponse);
