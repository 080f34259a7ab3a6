import { describe, expect, it } from 'vitest';
import { WHITELABEL_FLAGS, type WhitelabelFlags } from '@jade/contracts/whitelabel';
import type { RegisterFieldSetting, RegisterSettings } from '@jade/contracts/system';
import {
  emptyRegisterValues,
  planRegisterFields,
  registerPayload,
  validateRegistration,
} from './register-fields';

const field = (
  name: RegisterFieldSetting['field'],
  visible: boolean,
  required: boolean,
  min: number,
  max: number,
  patternType: RegisterFieldSetting['patternType'],
): RegisterFieldSetting => ({ field: name, visible, required, min, max, patternType });

/** The demo brand's register settings. */
const settings: RegisterSettings = {
  smsExpiredMinutes: 5,
  passwordRule: { patternType: 'LETTERS_AND_DIGITS', min: 8, max: 20 },
  minimumAge: 18,
  fields: [
    field('username', true, true, 6, 16, 'LETTER_FIRST_ALNUM'),
    field('password', true, true, 8, 20, 'LETTERS_AND_DIGITS'),
    field('confirmPassword', true, true, 8, 20, 'LETTERS_AND_DIGITS'),
    field('payeeName', true, false, 2, 50, 'FULL_NAME'),
    field('email', true, false, 5, 100, 'EMAIL'),
    field('qqNum', false, false, 5, 12, 'DIGITS'),
    field('mobileNum', true, true, 9, 11, 'DIGITS'),
    field('captcha', true, true, 4, 4, 'ALNUM'),
    field('verificationCode', true, true, 6, 6, 'DIGITS'),
    field('affiliateCode', true, false, 4, 12, 'ALNUM'),
    field('paymentPassword', true, true, 6, 6, 'DIGITS'),
    field('referralCode', true, false, 4, 12, 'ALNUM'),
  ],
};
const allOn = Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, true])) as WhitelabelFlags;
const names = (plan: ReturnType<typeof planRegisterFields>) => plan.map((entry) => entry.field);

describe('planRegisterFields (§5 fields from the server settings)', () => {
  it('shows the visible fields of a username registration, in order, with the SMS code after the number', () => {
    const plan = planRegisterFields(settings, 'USERNAME', allOn);
    expect(names(plan)).toEqual([
      'username',
      'password',
      'confirmPassword',
      'mobileNum',
      'verificationCode',
      'payeeName',
      'email',
      'paymentPassword',
      'affiliateCode',
      'referralCode',
      'captcha',
    ]);
    expect(plan.find((entry) => entry.field === 'email')?.isRequired).toBe(false);
    expect(plan.find((entry) => entry.field === 'paymentPassword')?.isRequired).toBe(true);
  });

  it('asks a mobile registration for the number and its code first, and no username', () => {
    const plan = planRegisterFields(settings, 'MOBILE', allOn);
    expect(names(plan).slice(0, 4)).toEqual(['mobileNum', 'verificationCode', 'password', 'confirmPassword']);
    expect(names(plan)).not.toContain('username');
    expect(plan.slice(0, 2).every((entry) => entry.isRequired)).toBe(true);
  });

  it('leaves the password out of a mobile registration without MOBILENUMPASSREG3, and the code without REGMOBVERF3', () => {
    const plan = planRegisterFields(settings, 'MOBILE', {
      ...allOn,
      MOBILENUMPASSREG3: false,
      REGMOBVERF3: false,
    });
    expect(names(plan)).not.toContain('password');
    expect(names(plan)).not.toContain('confirmPassword');
    expect(names(plan)).not.toContain('verificationCode');
  });

  it('drops the captcha when the brand hides it or makes it optional, as the server does', () => {
    const withOptional = {
      ...settings,
      fields: settings.fields.map((s) => (s.field === 'captcha' ? { ...s, required: false } : s)),
    };
    expect(names(planRegisterFields(withOptional, 'USERNAME', allOn))).not.toContain('captcha');
    const withoutSetting = { ...settings, fields: settings.fields.filter((s) => s.field !== 'captcha') };
    expect(names(planRegisterFields(withoutSetting, 'USERNAME', allOn))).toContain('captcha');
  });
});

describe('validateRegistration (§5 live validation with the shared rules)', () => {
  const plan = planRegisterFields(settings, 'USERNAME', allOn);
  const valid = {
    ...emptyRegisterValues(),
    username: 'player01',
    password: 'secret123',
    confirmPassword: 'secret123',
    mobileNum: '912345678',
    verificationCode: '123456',
    paymentPassword: '246810',
    captcha: 'k7pq',
  };

  it('passes a complete form', () => {
    expect(
      Object.values(validateRegistration(plan, valid, { isDirectAllowed: true })).filter(Boolean),
    ).toEqual([]);
  });

  it("answers with the server's rule keys and the length of the rule", () => {
    const errors = validateRegistration(
      plan,
      { ...valid, username: '1ab', email: 'nope', paymentPassword: '12' },
      { isDirectAllowed: true },
    );
    expect(errors.username).toEqual({
      key: 'accounts.pattern.LETTER_FIRST_ALNUM',
      params: { length: '6-16' },
    });
    expect(errors.email).toEqual({ key: 'accounts.pattern.EMAIL', params: { length: '5-100' } });
    // Equal min and max show one number (§5).
    expect(errors.paymentPassword).toEqual({ key: 'accounts.pattern.DIGITS', params: { length: '6' } });
  });

  it('needs the confirmation to match, and the code only once there is a number', () => {
    const errors = validateRegistration(
      plan,
      { ...valid, confirmPassword: 'secret124', mobileNum: '', verificationCode: '' },
      { isDirectAllowed: true },
    );
    expect(errors.confirmPassword).toEqual({ key: 'accounts.validation.confirm' });
    expect(errors.mobileNum).toEqual({ key: 'accounts.validation.required' });
    expect(errors.verificationCode).toBeUndefined();
  });

  it('needs an invitation code without direct registration, unless a referral code names the upline', () => {
    expect(validateRegistration(plan, valid, { isDirectAllowed: false }).affiliateCode).toEqual({
      key: 'accounts.validation.required',
    });
    expect(
      validateRegistration(plan, { ...valid, referralCode: 'ABCD1234' }, { isDirectAllowed: false })
        .affiliateCode,
    ).toBeUndefined();
  });
});

describe('registerPayload', () => {
  it('trims text, keeps passwords as typed, and leaves out empty fields and the captcha', () => {
    const plan = planRegisterFields(settings, 'USERNAME', allOn);
    const payload = registerPayload(plan, {
      ...emptyRegisterValues(),
      username: ' player01 ',
      password: ' secret123',
      confirmPassword: ' secret123',
      captcha: 'k7pq',
    });
    expect(payload).toEqual({ username: 'player01', password: ' secret123', confirmPassword: ' secret123' });
  });
});
