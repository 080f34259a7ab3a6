import { z } from 'zod';

/** The longest token a hosted human check gives the page (theirs run to a few thousand characters). */
export const HUMAN_CHECK_TOKEN_MAX = 4096;

/**
 * Human check: the id of a captcha from GET /wps/captcha and the characters the person read (the
 * in-house captcha), or the token a hosted check gave the page (the brand's http provider).
 */
export const humanCheck = {
  captchaId: z.string().max(64).optional(),
  captcha: z.string().trim().max(16).optional(),
  humanCheckToken: z.string().trim().max(HUMAN_CHECK_TOKEN_MAX).optional(),
};

export const LOGIN_TYPES = ['username', 'sms'] as const;
export const SITES = ['MEMBER', 'AGENT'] as const;

/** §3 login form. For sms the username carries the mobile number and the password the code. */
export const loginRequest = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  type: z.enum(LOGIN_TYPES).default('username'),
  countryDialingCode: z.string().trim().max(8).optional(),
  /** Which site is being logged in to: agents only on the agent site (§6). */
  site: z.enum(SITES).default('MEMBER'),
  ...humanCheck,
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** The weak default password or an expired one (with PWDEXPFORCECHANGE3): change before anything else. */
  mustChangePassword: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** A login from an IP the member never used, on a brand that challenges it (§4). */
export const NEW_IP_METHODS = ['SMS', 'EMAIL', 'BANK_NAME', 'TOTP'] as const;
export const loginChallengeValue = z.object({
  challengeId: z.string(),
  method: z.enum(NEW_IP_METHODS),
  /** Where a code was sent, masked ("+84 *** *** 321"). */
  destination: z.string().nullable(),
});

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** §3 register user; which fields must be present and their rules come from the brand's settings. */
export const registerRequest = z.object({
  username: optionalText(64),
  password: z.string().max(128).optional(),
  confirmPassword: z.string().max(128).optional(),
  payeeName: optionalText(100),
  email: optionalText(254),
  qqNum: optionalText(20),
  mobileNum: optionalText(20),
  countryDialingCode: optionalText(8),
  recommenderId: optionalText(32),
  verificationCode: optionalText(8),
  affiliateCode: optionalText(32),
  paymentPassword: z.string().max(32).optional(),
  line: optionalText(64),
  whatsapp: optionalText(32),
  facebook: optionalText(100),
  wechat: optionalText(64),
  idNumber: optionalText(32),
  referralCode: optionalText(32),
  domain: optionalText(253),
  login: z.boolean().default(true),
  registerUrl: optionalText(2048),
  registerMethod: z.literal('WEB').default('WEB'),
  firebaseChannel: optionalText(16),
  firebaseIdToken: optionalText(4096),
  /** /join: the new member also applies to become an agent (an operator decides, decision 0042). */
  agentApplication: z.boolean().optional(),
  /** §5: 18 years (or the brand's 21) confirmed, terms agreed. */
  ageConfirmed: z.literal(true, { error: 'Confirm that you are of legal age' }),
  termsAgreed: z.literal(true, { error: 'Agree to the terms and conditions' }),
  ...humanCheck,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const registerResponse = z.object({
  memberId: z.number().int(),
  username: z.string(),
  /** Present when `login` was true: the new member is logged in. */
  session: loginResponse.nullable(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

/** §3 text-only profile fields beyond member info's own; the ID number arrives masked. */
export const memberProfile = z.object({
  birthday: z.string().nullable(),
  idNumber: z.string().nullable(),
  nationality: z.string().nullable(),
  occupation: z.string().nullable(),
  sourceOfIncome: z.string().nullable(),
  address: z.string().nullable(),
  qqNum: z.string().nullable(),
  line: z.string().nullable(),
  whatsapp: z.string().nullable(),
  facebook: z.string().nullable(),
  wechat: z.string().nullable(),
});
export type MemberProfile = z.infer<typeof memberProfile>;

export const memberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
  /** isAgent: 0 member, 1/2/41/42 agent types, 4 trial. */
  type: z.number().int(),
  toUpline: z.string().nullable(),
  clubLabel: z.object({ labelName: z.string(), rankLevel: z.number().int() }),
  /** The language the member last chose (§7 language update); null: never, the brand's default. */
  language: z.string().nullable().optional(),
  memberLabel: z.array(z.string()),
  mustChangePassword: z.boolean(),
  mobile: z.string().nullable(),
  mobileVerified: z.boolean(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  payeeName: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  avatarUrl: z.string().nullable(),
  referralCode: z.string(),
  createdAt: z.string(),
  profile: memberProfile.default({
    birthday: null,
    idNumber: null,
    nationality: null,
    occupation: null,
    sourceOfIncome: null,
    address: null,
    qqNum: null,
    line: null,
    whatsapp: null,
    facebook: null,
    wechat: null,
  }),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const captchaResponse = z.object({
  captchaId: z.string(),
  /** data: URL of the image */
  image: z.string(),
  expiresInSeconds: z.number().int(),
});
export type CaptchaResponse = z.infer<typeof captchaResponse>;

export const smsRequest = z.object({
  mobileNo: z.string().trim().min(1).max(20),
  countryDialingCode: z.string().trim().min(1).max(8),
  ...humanCheck,
});
export type SmsRequest = z.infer<typeof smsRequest>;
export const smsResponse = z.object({
  /** Seconds before another code may be asked for: 60 x expiredMinutes (§9). */
  resendAfterSeconds: z.number().int(),
  expiredMinutes: z.number().int(),
});
export type SmsResponse = z.infer<typeof smsResponse>;

export const changePasswordRequest = z.object({
  oldPassword: z.string().max(128).optional(),
  newPassword: z.string().min(1).max(128),
  confirmNewPassword: z.string().min(1).max(128),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const forgotByEmailRequest = z.object({
  username: z.string().trim().min(1).max(64),
  email: z.string().trim().min(1).max(254),
});
export type ForgotByEmailRequest = z.infer<typeof forgotByEmailRequest>;
/** §8: success answers 'in_been_out' whatever the outcome, so no one learns which accounts exist. */
export const forgotByEmailResponse = z.object({ message: z.literal('in_been_out') });

export const setPasswordByPhoneRequest = z.object({
  mobileNum: z.string().trim().min(1).max(20),
  countryDialingCode: z.string().trim().min(1).max(8),
  verificationCode: z.string().trim().min(1).max(8),
  newPassword: z.string().min(1).max(128),
});
export type SetPasswordByPhoneRequest = z.infer<typeof setPasswordByPhoneRequest>;

export const freePlayRequest = z.object({
  os: z.string().max(32).optional(),
  platform: z.literal('W').default('W'),
  random: z.string().max(256).optional(),
  gatewayVersion: z.literal(3).default(3),
});

export const affiliateQuery = z.object({
  code: z.string().trim().min(1).max(32),
  domain: z.string().trim().max(253).optional(),
});
export const affiliateResponse = z.object({ valid: z.literal(true), agent: z.string() });

/** DELETE /wps/session/logout (a member's) and the operators' logout. */
export const logoutResponse = z.object({ loggedOut: z.literal(true) });
/** POST /wps/member/firstLogin: the welcome has been seen. */
export const firstLoginResponse = z.object({ recorded: z.literal(true) });

/** PUT /wps/member/language (§7 language update): one of the brand's language codes. */
export const memberLanguageRequest = z.object({ language: z.string().trim().min(2).max(8) });
export type MemberLanguageRequest = z.infer<typeof memberLanguageRequest>;
