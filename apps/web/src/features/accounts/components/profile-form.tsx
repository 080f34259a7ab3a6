import { useCallback, useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberInfo } from '@jade/contracts/auth';
import {
  checkProfileValue,
  CONTACT_PROFILE_FIELDS,
  PROFILE_FIELDS,
  profileFieldRule,
  SET_ONCE_PROFILE_FIELDS,
  type ProfileField,
} from '@jade/contracts/profile';
import type { RegisterSettings } from '@jade/contracts/system';
import { isApiRequestError } from '../../../api/client';
import { useRegisterSettings } from '../api/get-register-settings';
import { updateProfile } from '../api/update-profile';
import { useForm } from '../hooks/use-form';
import { useFormCall } from '../hooks/use-form-call';
import { useMessageText } from '../hooks/use-message-text';
import { useRefreshMemberInfo } from '../hooks/use-refresh-member-info';
import { ruleHint, serverFieldErrors, settingOf, type FieldErrors } from '../utils/field-rules';
import { FormAlert, SecurityFormActions, TextField } from './form-controls';

/** Each field's label: the security centre's own where it has one, else the register form's. */
export const PROFILE_LABELS = {
  nickname: 'securityCenter.nickname',
  payeeName: 'securityCenter.payeeName',
  birthday: 'accounts.fields.birthday',
  idNumber: 'accounts.fields.idNumber',
  nationality: 'accounts.fields.nationality',
  occupation: 'accounts.fields.occupation',
  sourceOfIncome: 'accounts.fields.sourceOfIncome',
  address: 'accounts.fields.address',
  qqNum: 'accounts.fields.qqNum',
  line: 'accounts.fields.line',
  whatsapp: 'accounts.fields.whatsapp',
  facebook: 'accounts.fields.facebook',
  wechat: 'accounts.fields.wechat',
} as const satisfies Record<ProfileField, string>;

/** The member's stored profile values, '' for none (the ID number arrives masked). */
export const profileValues = (member: MemberInfo): Record<ProfileField, string> =>
  ({
    nickname: member.nickname ?? '',
    payeeName: member.payeeName ?? '',
    ...Object.fromEntries(Object.entries(member.profile).map(([field, value]) => [field, value ?? ''])),
  }) as Record<ProfileField, string>;

/** A contact field shows when the brand's register form shows it, or when the member already has one. */
export const shownProfileFields = (settings: RegisterSettings, values: Record<ProfileField, string>) =>
  PROFILE_FIELDS.filter(
    (field) =>
      !CONTACT_PROFILE_FIELDS.includes(field) ||
      values[field] !== '' ||
      settingOf(settings, field as Parameters<typeof settingOf>[1])?.visible === true,
  );

const isLocked = (field: ProfileField, values: Record<ProfileField, string>) =>
  SET_ONCE_PROFILE_FIELDS.includes(field) && values[field] !== '';

/** yyyy-MM-dd of the latest birthday the brand's minimum age allows, for the date picker. */
const latestBirthday = (minimumAge: number) => {
  const today = new Date();
  today.setUTCFullYear(today.getUTCFullYear() - minimumAge);
  return today.toISOString().slice(0, 10);
};

type ProfileFormProps = { member: MemberInfo; onDone: (isSaved: boolean) => void };

/**
 * §3 profile fields with the server's own rules (`checkProfileValue`): all optional, the identity fields
 * (real name, ID number, birthday) taken once. Only the fields that changed are sent.
 */
export function ProfileForm({ member, onDone }: ProfileFormProps) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const settings = useRegisterSettings();
  const refresh = useRefreshMemberInfo();
  const call = useFormCall();
  const stored = useMemo(() => profileValues(member), [member]);
  const shown = useMemo(() => shownProfileFields(settings, stored), [settings, stored]);
  const editable = useMemo(() => shown.filter((field) => !isLocked(field, stored)), [shown, stored]);
  const locked = shown.filter((field) => isLocked(field, stored));

  const validate = useCallback(
    (values: Record<ProfileField, string>): FieldErrors<ProfileField> => {
      const errors: FieldErrors<ProfileField> = {};
      for (const field of editable) {
        const value = values[field].trim();
        const failure = value === '' ? undefined : checkProfileValue(field, value, settings);
        if (failure) errors[field] = { key: `accounts.${failure.key}`, params: failure.params };
      }
      return errors;
    },
    [editable, settings],
  );
  const form = useForm<ProfileField>(stored, validate);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (call.isBusy || !form.submit()) return;
    const changes = Object.fromEntries(
      editable
        .map((field) => [field, form.values[field].trim()] as const)
        .filter(([field, value]) => value !== stored[field]),
    );
    if (Object.keys(changes).length === 0) {
      onDone(false);
      return;
    }
    await call.run(
      async () => {
        await refresh(await updateProfile(changes));
        onDone(true);
      },
      (error) => {
        if (!isApiRequestError(error)) return errorText('UNKNOWN');
        form.setServerErrors(serverFieldErrors(error, editable));
        return errorText(error.code);
      },
    );
  };

  const fieldProps = (field: ProfileField) => ({
    ...form.field(field),
    label: t(PROFILE_LABELS[field]),
    hint: field === 'birthday' ? undefined : ruleHint(profileFieldRule(settings, field)),
    maxLength: profileFieldRule(settings, field).max,
    ...(field === 'birthday' && { type: 'date', max: latestBirthday(settings.minimumAge) }),
    ...(field === 'address' && { autoComplete: 'street-address' }),
    ...(field === 'payeeName' && { autoComplete: 'name' }),
    ...(field === 'nickname' && { autoComplete: 'nickname' }),
  });

  return (
    <form
      className="account-form__body profile-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('accounts.security.editProfile')}
    >
      <FormAlert message={call.alert} />
      {locked.length > 0 && (
        <div className="profile-form__locked">
          <dl className="facts">
            {locked.map((field) => (
              <div key={field}>
                <dt>{t(PROFILE_LABELS[field])}</dt>
                <dd>{stored[field]}</dd>
              </div>
            ))}
          </dl>
          <p className="security-section__hint">{t('accounts.validation.setOnce')}</p>
        </div>
      )}
      <div className="profile-form__grid">
        {editable.map((field) => (
          <TextField key={field} {...fieldProps(field)} />
        ))}
      </div>
      <SecurityFormActions isBusy={call.isBusy} onCancel={() => onDone(false)} />
    </form>
  );
}
