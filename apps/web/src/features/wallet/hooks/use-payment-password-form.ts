import { useCallback, useState, type FormEvent } from 'react';
import { isApiRequestError } from '../../../api/client';
import { useForm } from '../../accounts/hooks/use-form';
import { useMessageText } from '../../accounts/hooks/use-message-text';
import { required, serverFieldErrors } from '../../accounts/utils/field-rules';
import type { AmountResult } from '../utils/amount';

type PaymentField = 'amount' | 'paymentPassword';

type PaymentPasswordFormOptions = {
  /** The amount's check (useAmountCheck). */
  check: (text: string) => AmountResult;
  /** False while nothing may be sent (no payment password yet, nothing to withdraw). */
  canSend: boolean;
  /** FormRound.onStart: a new try begins. */
  onStart: () => void;
  /** Asks the member to confirm the amount (minor units); false stops here. */
  confirm: (amount: number) => Promise<boolean>;
  /** Sends the money; a refusal rejects with the API's error. */
  send: (amount: number, paymentPassword: string) => Promise<void>;
};

/**
 * Money out with the payment password (a withdrawal, a transfer to the upline): the amount and the
 * password checked, the member's confirmation, then the call; a refusal shows on the fields it names
 * and as the form's alert.
 */
export const usePaymentPasswordForm = ({
  check,
  canSend,
  onStart,
  confirm,
  send,
}: PaymentPasswordFormOptions) => {
  const { errorText } = useMessageText();
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const validate = useCallback(
    (values: Record<PaymentField, string>) => {
      const amount = check(values.amount);
      return {
        amount: amount.ok ? undefined : amount.error,
        paymentPassword: values.paymentPassword === '' ? required : undefined,
      };
    },
    [check],
  );
  const form = useForm<PaymentField>({ amount: '', paymentPassword: '' }, validate);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !canSend || !form.submit()) return;
    const amount = check(form.values.amount);
    if (!amount.ok) return;
    setFailure(undefined);
    onStart();
    if (!(await confirm(amount.minor))) return;
    setBusy(true);
    try {
      await send(amount.minor, form.values.paymentPassword);
    } catch (error) {
      setBusy(false);
      if (!isApiRequestError(error)) {
        setFailure(errorText('UNKNOWN'));
        return;
      }
      form.setServerErrors(serverFieldErrors(error, ['paymentPassword', 'amount'] as const));
      setFailure(errorText(error.code));
    }
  };

  return { form, isBusy, failure, submit };
};
