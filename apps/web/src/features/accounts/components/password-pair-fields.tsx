import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldBinding } from '../hooks/use-form';
import type { FieldRule } from '../utils/field-rules';
import { ruleHint } from '../utils/field-rules';
import { PasswordField } from './form-controls';

type PasswordPairProps = {
  password: FieldBinding;
  confirmation: FieldBinding;
  /** The rule the new value follows, shown under it. */
  rule: FieldRule | undefined;
  labels?: { password: string; confirmation: string };
  maxLength?: number;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
};

/** A new secret and its confirmation: change, forgot and reset password, and the payment password. */
export function PasswordPairFields({
  password,
  confirmation,
  rule,
  labels,
  maxLength = 128,
  inputMode,
}: PasswordPairProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        {...password}
        label={labels?.password ?? t('accounts.fields.newPassword')}
        isRequired
        hint={ruleHint(rule)}
        autoComplete="new-password"
        maxLength={maxLength}
        inputMode={inputMode}
      />
      <PasswordField
        {...confirmation}
        label={labels?.confirmation ?? t('accounts.fields.confirmNewPassword')}
        isRequired
        autoComplete="new-password"
        maxLength={maxLength}
        inputMode={inputMode}
      />
    </>
  );
}
