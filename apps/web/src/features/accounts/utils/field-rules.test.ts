import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../api/client';
import { checkValue, ruleHint, serverFieldErrors } from './field-rules';

describe('checkValue', () => {
  const rule = { patternType: 'DIGITS', min: 9, max: 11 } as const;

  it('lets an optional empty value through and asks for a required one', () => {
    expect(checkValue('', rule, { isRequired: false })).toBeUndefined();
    expect(checkValue('  ', rule, { isRequired: true })).toEqual({ key: 'accounts.validation.required' });
  });

  it('holds a value to its pattern and length', () => {
    expect(checkValue('912345678', rule, { isRequired: true })).toBeUndefined();
    expect(checkValue('91234', rule, { isRequired: true })).toEqual({
      key: 'accounts.pattern.DIGITS',
      params: { length: '9-11' },
    });
  });
});

describe('ruleHint', () => {
  it("is the rule's own text, with no hint for a field that takes anything", () => {
    expect(ruleHint({ patternType: 'ALNUM', min: 4, max: 4 })).toEqual({
      key: 'accounts.pattern.ALNUM',
      params: { length: '4' },
    });
    expect(ruleHint({ patternType: 'ANY', min: 1, max: 10 })).toBeUndefined();
  });
});

describe('serverFieldErrors', () => {
  it("reads each refused field's rule key and params", () => {
    const error = new ApiRequestError('VALIDATION_FAILED', 'Invalid fields', {
      fields: { username: ['Enter 6-16 ...'], confirmPassword: ['Incorrect confirmation input'] },
      details: {
        rules: {
          username: { key: 'pattern.LETTER_FIRST_ALNUM', params: { length: '6-16' } },
          confirmPassword: { key: 'validation.confirm' },
        },
      },
    });
    expect(serverFieldErrors(error, ['username', 'confirmPassword', 'email'] as const)).toEqual({
      username: { key: 'accounts.pattern.LETTER_FIRST_ALNUM', params: { length: '6-16' } },
      confirmPassword: { key: 'accounts.validation.confirm', params: undefined },
    });
  });

  it("names a field without a rule by the error code's message, and maps the server's field names", () => {
    const error = new ApiRequestError('MOBILE_TAKEN', 'taken', { fields: { mobileNo: ['Taken'] } });
    expect(serverFieldErrors(error, ['mobileNum'] as const, { mobileNo: 'mobileNum' })).toEqual({
      mobileNum: { key: 'errors.MOBILE_TAKEN' },
    });
  });
});
