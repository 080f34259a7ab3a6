import type { z } from 'zod';
import { type registerRequest, registerResponse, type RegisterResponse } from '@jade/contracts/auth';
import { sendSealed } from './sealed-request';

export type RegisterInput = z.input<typeof registerRequest>;
export type RegisterKind = 'USERNAME' | 'MOBILE';

/** §7 register (PUT, encrypted): by username, or by mobile number. */
export const register = (kind: RegisterKind, input: RegisterInput): Promise<RegisterResponse> =>
  sendSealed(
    'PUT',
    kind === 'MOBILE' ? '/wps/member/register/mobile' : '/wps/member/register',
    input,
    registerResponse,
  );
