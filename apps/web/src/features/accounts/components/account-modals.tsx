import { useState } from 'react';
import type { ModalBodyProps } from '../../../components/modal/modal-types';
import type { LoginChallenge } from '../api/login';
import { ChangePasswordForm } from './change-password-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginChallengeStep } from './login-challenge';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import '../accounts.css';

/** The account modals of §2 by name: login popup, register, forgot password, change password. */

export function LoginModal({ props }: ModalBodyProps<'login'>) {
  const [challenge, setChallenge] = useState<LoginChallenge>();
  if (challenge) return <LoginChallengeStep challenge={challenge} onBack={() => setChallenge(undefined)} />;
  return (
    <LoginForm
      initialUsername={props?.username}
      initialPassword={props?.password}
      onChallenge={setChallenge}
    />
  );
}

export function RegisterModal({ props }: ModalBodyProps<'register'>) {
  return <RegisterForm isAgentApplication={props?.agentApplication ?? false} />;
}

export function ForgotPasswordModal(_: ModalBodyProps<'forgotPassword'>) {
  return <ForgotPasswordForm />;
}

export function ChangePasswordModal({ props, close }: ModalBodyProps<'changePassword'>) {
  return <ChangePasswordForm isForced={props?.isForced ?? false} onDone={close} />;
}
