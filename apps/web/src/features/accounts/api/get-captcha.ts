import { captchaResponse, type CaptchaResponse } from '@jade/contracts/auth';
import { apiGet } from '../../../api/client';

/** §7 GET /wps/captcha: a new image (a data: URL) and the id its answer is checked against. */
export const getCaptcha = (): Promise<CaptchaResponse> => apiGet('/wps/captcha', captchaResponse);
