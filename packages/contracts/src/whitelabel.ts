import { z } from 'zod';

/** §6: whitelabel flags a brand switches on or off, plus the login guard of §2. */
export const WHITELABEL_FLAGS = [
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'USERNAMEREG3',
  'CHNGPASSVERIF3',
  'DIRECTREG3',
  'AGENTPOLICY3',
  'MANPLAYREB3',
  'loginedToHomePage',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];
export const whitelabelFlag = z.enum(WHITELABEL_FLAGS);
export const isWhitelabelFlag = (value: string): value is WhitelabelFlag =>
  (WHITELABEL_FLAGS as readonly string[]).includes(value);

export const whitelabelFlags = z.object(
  Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    WhitelabelFlag,
    z.ZodBoolean
  >,
);
export type WhitelabelFlags = z.infer<typeof whitelabelFlags>;
