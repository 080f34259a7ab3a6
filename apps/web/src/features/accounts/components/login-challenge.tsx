import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/client';
import { answerLoginChallenge, type LoginChallenge } from '../api/login';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useForm } from '../hooks/use-form';
import { useFormCall } from '../hooks/use-form-call';
import { useMessageText } from '../hooks/use-message-text';
import { errorMessage, required, type FieldErrors } from '../utils/field-rules';
import { ShieldIcon } from './account-icons';
import { FormAlert, SubmitButton, TextField } from './form-controls';

type ChallengeProps = { challenge: LoginChallenge; onBack: () => void };

/**
 * §4: a login from an IP the member never used waits for a second factor: the code sent by SMS or
 * email, the bank account holder's name, or an authenticator (TOTP) code.
 */
export function LoginChallengeStep({ challenge, onBack }: ChallengeProps) {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const completeLogin = useCompleteLogin();
  const call = useFormCall();
  // A challenge that expired (or was used up) cannot be answered any more: only a new login helps.
  const [isExpired, setExpired] = useState(false);
  const validate = useCallback(
    (values: { answer: string }): FieldErrors<'answer'> => ({
      answer: values.answer.trim() === '' ? required : undefined,
    }),
    [],
  );
  const form = useForm({ answer: '' }, validate);
  const isCode = challenge.method !== 'BANK_NAME';
  const destination = challenge.destination ?? '';

  const submit = (event: FormEvent) =>
    call.submit(
      event,
      form,
      async () => {
        const result = await answerLoginChallenge({
          challengeId: challenge.challengeId,
          answer: form.values.answer.trim(),
        });
        await completeLogin(result, { modal: 'login' });
      },
      (error) => {
        const code = isApiRequestError(error) ? error.code : 'UNKNOWN';
        if (code === 'LOGIN_CHALLENGE_EXPIRED') setExpired(true);
        if (code !== 'LOGIN_CHALLENGE_FAILED') return errorText(code);
        form.setServerErrors({ answer: errorMessage(code) });
        return undefined;
      },
    );

  return (
    <form className="account-form account-step" onSubmit={(event) => void submit(event)} noValidate>
      <div className="account-step__icon">
        <ShieldIcon size={32} />
      </div>
      <h3 className="account-step__title">{t('accounts.challenge.title')}</h3>
      <p className="account-step__text">{t('accounts.challenge.intro')}</p>
      <p className="account-step__text account-step__text--strong">
        {t(`accounts.challenge.${challenge.method}`, { destination })}
      </p>
      <FormAlert message={call.alert} />
      {isExpired ? (
        <button type="button" className="button button--primary account-form__submit" onClick={onBack}>
          {t('accounts.challenge.back')}
        </button>
      ) : (
        <>
          <TextField
            {...form.field('answer')}
            label={t(`accounts.challenge.label.${challenge.method}`)}
            isRequired
            autoFocus
            autoComplete={isCode ? 'one-time-code' : 'off'}
            inputMode={isCode ? 'numeric' : 'text'}
            maxLength={100}
          />
          <SubmitButton isBusy={call.isBusy}>{t('accounts.challenge.submit')}</SubmitButton>
          <div className="account-links account-links--center">
            <button type="button" className="link-button" onClick={onBack}>
              {t('accounts.challenge.back')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
