import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InvitationKind } from '@jade/contracts/agent-invitations';
import type { RegisterField } from '@jade/contracts/system';
import { isApiRequestError } from '../../../api/client';
import { LoadError, LoadingState } from '../../../components/load-state';
import { useBrand } from '../../../config/brand';
import { useRegisterSettings } from '../../accounts/api/get-register-settings';
import {
  DialingCodeSelect,
  FormAlert,
  ModeSwitch,
  PasswordField,
  SubmitButton,
  TextField,
} from '../../accounts/components/form-controls';
import { useForm } from '../../accounts/hooks/use-form';
import { useFormCall } from '../../accounts/hooks/use-form-call';
import { useMessageText } from '../../accounts/hooks/use-message-text';
import { useDialingCode } from '../../accounts/hooks/use-phone-number';
import { ruleHint, serverFieldErrors } from '../../accounts/utils/field-rules';
import {
  emptyRegisterValues,
  planRegisterFields,
  registerPayload,
  validateRegistration,
} from '../../accounts/utils/register-fields';
import { registerDownline, useCreateInvitation, useInvitations } from '../api/invitations';
import { InviteCard } from './invite-card';
import { InvitedList } from './invited-list';
import '../agent-join.css';

/** The human check, the SMS code and the upline fields are not the agent's to fill: it is the upline. */
const NOT_FOR_AGENTS: readonly RegisterField[] = [
  'captcha',
  'verificationCode',
  'affiliateCode',
  'referralCode',
  'recommenderId',
];
const SECRET_FIELDS: readonly RegisterField[] = ['password', 'confirmPassword', 'paymentPassword'];

/** §2 registerCenter: the agent's invitation codes with links and QR codes, and a downline sign-up. */
export function RegisterCenterPanel() {
  const { t } = useTranslation();
  const invitations = useInvitations();
  const create = useCreateInvitation();
  if (invitations.isError)
    return <LoadError error={invitations.error} onRetry={() => void invitations.refetch()} />;
  if (!invitations.data) return <LoadingState />;
  return (
    <div className="agent-join">
      <section aria-labelledby="codes-title" className="agent-join__section">
        <h3 id="codes-title">{t('agentJoin.invite.codesTitle')}</h3>
        <div className="invite-cards">
          {invitations.data.invitations.map((invitation) => (
            <InviteCard key={invitation.id ?? invitation.code} invitation={invitation} />
          ))}
        </div>
        <div className="agent-join__actions">
          {(['MEMBER', 'AGENT'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              className="button button--secondary"
              disabled={create.isPending}
              onClick={() => create.mutate(kind)}
            >
              {t(`agentJoin.invite.new${kind}`)}
            </button>
          ))}
        </div>
      </section>
      <DownlineForm />
      <InvitedList />
    </div>
  );
}

function DownlineForm() {
  const { t } = useTranslation();
  const { errorText } = useMessageText();
  const { whitelabel } = useBrand();
  const settings = useRegisterSettings();
  const client = useQueryClient();
  const plan = useMemo(
    () =>
      planRegisterFields(settings, 'USERNAME', whitelabel.whitelabel).filter(
        (entry) => !NOT_FOR_AGENTS.includes(entry.field),
      ),
    [settings, whitelabel.whitelabel],
  );
  const validate = useCallback(
    (values: Record<RegisterField, string>) => validateRegistration(plan, values, { isDirectAllowed: true }),
    [plan],
  );
  const form = useForm<RegisterField>(emptyRegisterValues(), validate);
  const [kind, setKind] = useState<InvitationKind>('MEMBER');
  const [dialCode, setDialCode] = useDialingCode();
  const [done, setDone] = useState<string>();
  const call = useFormCall();

  const submit = (event: FormEvent) =>
    call.submit(
      event,
      form,
      async () => {
        const created = await registerDownline({
          ...registerPayload(plan, form.values),
          ...(form.values.mobileNum.trim() !== '' && { countryDialingCode: dialCode }),
          kind,
        });
        form.reset();
        setDone(t('agentJoin.register.done', { account: created.username }));
        await client.invalidateQueries({ queryKey: ['agents'] });
      },
      (error) => {
        setDone(undefined);
        if (!isApiRequestError(error)) return errorText('UNKNOWN');
        form.setServerErrors(
          serverFieldErrors(
            error,
            plan.map((entry) => entry.field),
            { mobileNo: 'mobileNum' },
          ),
        );
        return errorText(error.code);
      },
    );

  return (
    <section aria-labelledby="downline-title" className="agent-join__section">
      <h3 id="downline-title">{t('agentJoin.register.title')}</h3>
      <form className="account-form__body" onSubmit={(event) => void submit(event)} noValidate>
        <FormAlert message={call.alert} />
        {done && (
          <p className="account-notice" role="status">
            {done}
          </p>
        )}
        <ModeSwitch
          label={t('agentJoin.register.kind')}
          value={kind}
          onChange={setKind}
          options={[
            { value: 'MEMBER', label: t('agentJoin.kinds.MEMBER') },
            { value: 'AGENT', label: t('agentJoin.kinds.AGENT') },
          ]}
        />
        {plan.map(({ field, isRequired, rule }) => {
          const common = {
            ...form.field(field),
            label: t(`accounts.fields.${field}`),
            isRequired,
            hint: field === 'confirmPassword' ? undefined : ruleHint(rule),
            maxLength: rule && rule.max > 0 ? Math.max(rule.max, 8) : 64,
            autoComplete: SECRET_FIELDS.includes(field) ? 'new-password' : 'off',
          };
          if (SECRET_FIELDS.includes(field)) return <PasswordField key={field} {...common} />;
          if (field === 'mobileNum')
            return (
              <TextField
                key={field}
                {...common}
                type="tel"
                before={<DialingCodeSelect value={dialCode} onChange={setDialCode} />}
              />
            );
          return <TextField key={field} {...common} />;
        })}
        <SubmitButton isBusy={call.isBusy}>{t('agentJoin.register.submit')}</SubmitButton>
      </form>
    </section>
  );
}
