import { useCallback, useMemo, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegisterField } from '@jade/contracts/system';
import { isApiRequestError } from '../../../api/client';
import { EmptyState } from '../../../components/empty-state';
import { useModals } from '../../../components/modal/modal-context';
import { useBrand } from '../../../config/brand';
import { helpArticlePath } from '../../../config/paths';
import { checkAffiliateCode } from '../api/check-affiliate';
import { useRegisterSettings } from '../api/get-register-settings';
import { register, type RegisterKind } from '../api/register';
import { useCaptcha } from '../hooks/use-captcha';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useForm } from '../hooks/use-form';
import { useFormCall } from '../hooks/use-form-call';
import { useMessageText } from '../hooks/use-message-text';
import { readPhone, useDialingCode } from '../hooks/use-phone-number';
import { errorMessage, required, ruleHint, serverFieldErrors, type FieldMessage } from '../utils/field-rules';
import {
  emptyRegisterValues,
  planRegisterFields,
  registerPayload,
  validateRegistration,
  type RegisterValues,
} from '../utils/register-fields';
import { CaptchaField } from './captcha-field';
import {
  CheckboxField,
  DialingCodeSelect,
  FormAlert,
  ModeSwitch,
  PasswordField,
  SubmitButton,
  TextField,
} from './form-controls';
import { SmsCodeField } from './sms-code-field';

const SECRET_FIELDS: readonly RegisterField[] = ['password', 'confirmPassword', 'paymentPassword'];

/** How each field is typed and autofilled. */
type InputKind = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'inputMode'
>;
const INPUTS: Partial<Record<RegisterField, InputKind>> = {
  username: { autoComplete: 'username', autoCapitalize: 'off', spellCheck: false },
  password: { autoComplete: 'new-password' },
  confirmPassword: { autoComplete: 'new-password' },
  paymentPassword: { autoComplete: 'off', inputMode: 'numeric' },
  payeeName: { autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email', autoCapitalize: 'off', spellCheck: false },
  mobileNum: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national' },
  whatsapp: { type: 'tel', inputMode: 'numeric' },
  qqNum: { inputMode: 'numeric' },
  idNumber: { autoComplete: 'off' },
  affiliateCode: { autoCapitalize: 'off', spellCheck: false },
  referralCode: { autoCapitalize: 'characters', spellCheck: false },
  recommenderId: { autoCapitalize: 'off', spellCheck: false },
};

/** An invitation code arriving in the page address (?affiliateCode=..., ?referralCode=...). */
const codeFromAddress = (name: string) =>
  new URLSearchParams(window.location.search).get(name)?.slice(0, 32) ?? '';

/** §4 register: by username or by mobile number (register type toggle), fields driven by the brand's settings. */
export function RegisterForm({ isAgentApplication = false }: { isAgentApplication?: boolean }) {
  const { t } = useTranslation();
  const { whitelabel } = useBrand();
  const flags = whitelabel.whitelabel;
  const kinds = [
    ...(flags.USERNAMEREG3 ? [{ value: 'USERNAME' as const, label: t('accounts.register.byUsername') }] : []),
    ...(flags.MOBILENUMREG3 ? [{ value: 'MOBILE' as const, label: t('accounts.register.byMobile') }] : []),
  ];
  const [kind, setKind] = useState<RegisterKind | undefined>(kinds[0]?.value);
  if (!kind) return <EmptyState title={t('errors.FEATURE_DISABLED')} />;
  return (
    <div className="account-form">
      <ModeSwitch label={t('accounts.register.mode')} value={kind} options={kinds} onChange={setKind} />
      {/* One form a type: switching starts it afresh, as the fields differ. */}
      {isAgentApplication && (
        <p className="account-notice" role="note">
          {t('agentJoin.join.registerNote')}
        </p>
      )}
      <RegisterFields key={kind} kind={kind} isAgentApplication={isAgentApplication} />
    </div>
  );
}

function RegisterFields({ kind, isAgentApplication }: { kind: RegisterKind; isAgentApplication: boolean }) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const modals = useModals();
  const { whitelabel } = useBrand();
  const flags = whitelabel.whitelabel;
  const settings = useRegisterSettings();
  const completeLogin = useCompleteLogin();
  const plan = useMemo(() => planRegisterFields(settings, kind, flags), [settings, kind, flags]);
  const shows = (field: RegisterField) => plan.some((entry) => entry.field === field);
  const [dialCode, setDialCode] = useDialingCode();
  const [isAgeConfirmed, setAgeConfirmed] = useState(false);
  const [isTermsAgreed, setTermsAgreed] = useState(false);
  const call = useFormCall();
  const captcha = useCaptcha(shows('captcha'));

  const validate = useCallback(
    (values: RegisterValues) => validateRegistration(plan, values, { isDirectAllowed: flags.DIRECTREG3 }),
    [plan, flags.DIRECTREG3],
  );
  const [initial] = useState(() => ({
    ...emptyRegisterValues(),
    affiliateCode: codeFromAddress('affiliateCode'),
    referralCode: codeFromAddress('referralCode'),
  }));
  const form = useForm<RegisterField>(initial, validate);
  const [isSubmitted, setSubmitted] = useState(false);
  const consentError = (isChecked: boolean): FieldMessage | undefined =>
    isSubmitted && !isChecked ? required : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (call.isBusy) return;
    setSubmitted(true);
    const isValid = form.submit();
    if (!isValid || !isAgeConfirmed || !isTermsAgreed) {
      call.setAlert(t('errors.VALIDATION_FAILED'));
      return;
    }
    const values = form.values;
    await call.run(async () => {
      // §4: an invitation code is checked before anything else.
      if (shows('affiliateCode') && values.affiliateCode.trim() !== '') {
        try {
          await checkAffiliateCode(values.affiliateCode.trim());
        } catch (error) {
          if (isApiRequestError(error) && error.code === 'INVITATION_CODE_ERROR') {
            form.setServerErrors({ affiliateCode: errorMessage(error.code) });
            call.setAlert(errorText(error.code));
            return;
          }
          throw error;
        }
      }
      const result = await register(kind, {
        ...registerPayload(plan, values),
        ...(shows('mobileNum') && values.mobileNum.trim() !== '' && { countryDialingCode: dialCode }),
        ...(shows('captcha') &&
          captcha.image && { captchaId: captcha.image.captchaId, captcha: values.captcha.trim() }),
        ageConfirmed: true,
        termsAgreed: true,
        login: true,
        registerMethod: 'WEB',
        registerUrl: window.location.href.slice(0, 2048),
        domain: window.location.host,
        ...(isAgentApplication && { agentApplication: true }),
      });
      if (result.session) {
        await completeLogin(result.session, { modal: 'register' });
      } else {
        modals.close('register');
        modals.open('login', { username: result.username });
      }
    }, failed);
  };

  const failed = (error: unknown) => {
    if (!isApiRequestError(error)) return errorText('UNKNOWN');
    const fields = plan.map((entry) => entry.field);
    const fieldErrors = serverFieldErrors(error, fields, { mobileNo: 'mobileNum' });
    if (error.code === 'CAPTCHA_INVALID') fieldErrors.captcha = errorMessage(error.code);
    if (error.code === 'CODE_EXPIRED' || error.code === 'CODE_INVALID') {
      fieldErrors.verificationCode = errorMessage(error.code);
    }
    // The human check is good for one try.
    if (shows('captcha')) {
      captcha.refresh();
      form.setValue('captcha', '');
    }
    form.setServerErrors(fieldErrors);
    return errorText(error.code);
  };

  const getPhone = () => readPhone(form, plan.find((entry) => entry.field === 'mobileNum')?.rule, dialCode);

  const renderField = ({ field, isRequired, rule }: (typeof plan)[number]) => {
    const label = t(`accounts.fields.${field}`);
    const common = {
      ...INPUTS[field],
      ...form.field(field),
      label,
      isRequired,
      hint: ruleHint(rule),
      maxLength: rule && rule.max > 0 ? Math.max(rule.max, 8) : 64,
    };
    if (field === 'captcha') {
      return (
        <CaptchaField
          key={field}
          captcha={captcha}
          value={form.values.captcha}
          onChange={(value) => form.setValue('captcha', value)}
          onBlur={common.onBlur}
          error={form.errorOf('captcha')}
        />
      );
    }
    if (field === 'verificationCode') {
      return (
        <SmsCodeField
          key={field}
          purpose="register"
          getPhone={getPhone}
          onPhoneError={(message) => form.setServerErrors({ mobileNum: message })}
          {...form.field(field)}
          isRequired={isRequired}
        />
      );
    }
    if (field === 'mobileNum') {
      return (
        <TextField
          {...common}
          key={field}
          before={<DialingCodeSelect value={dialCode} onChange={setDialCode} />}
        />
      );
    }
    if (field === 'confirmPassword') return <PasswordField {...common} key={field} hint={undefined} />;
    if (SECRET_FIELDS.includes(field)) return <PasswordField {...common} key={field} />;
    return <TextField {...common} key={field} />;
  };

  return (
    <form
      className="account-form__body"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('accounts.register.title')}
    >
      <FormAlert message={call.alert} />
      {plan.map(renderField)}
      <div className="account-consents">
        <CheckboxField
          name="ageConfirmed"
          isChecked={isAgeConfirmed}
          onChange={setAgeConfirmed}
          error={consentError(isAgeConfirmed)}
        >
          {t('accounts.register.ageConfirm', { age: settings.minimumAge })}
        </CheckboxField>
        <CheckboxField
          name="termsAgreed"
          isChecked={isTermsAgreed}
          onChange={setTermsAgreed}
          error={consentError(isTermsAgreed)}
        >
          {t('accounts.register.termsPrefix')}{' '}
          <a href={helpArticlePath('terms')} target="_blank" rel="noreferrer">
            {t('accounts.register.termsLink')}
          </a>
        </CheckboxField>
      </div>
      <SubmitButton isBusy={call.isBusy}>{t('accounts.register.submit')}</SubmitButton>
      <div className="account-links account-links--center">
        <button type="button" className="link-button" onClick={() => modals.open('login')}>
          {t('accounts.register.haveAccount')}
        </button>
      </div>
    </form>
  );
}
