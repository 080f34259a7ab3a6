import { lazy } from 'react';
import { DialogBody } from '../components/modal/dialog-body';
import type { ModalRegistry } from '../components/modal/modal-types';
import { withLateStrings } from '../i18n/i18n';

/** Every modal's body uses the language's late part (build/boot-messages.ts): it comes with the chunk. */
const accountModals = () => withLateStrings(import('../features/accounts/components/account-modals'));
const memberCenter = () => withLateStrings(import('./member-center'));

/** Every modal of §2 by name; bodies are chunks of their own, loaded the first time one opens. */
export const modalRegistry: ModalRegistry = {
  login: {
    kind: 'default',
    title: (t) => t('accounts.login.title'),
    Body: lazy(() => accountModals().then((m) => ({ default: m.LoginModal }))),
    width: 440,
  },
  register: {
    kind: 'default',
    title: (t) => t('accounts.register.title'),
    Body: lazy(() => accountModals().then((m) => ({ default: m.RegisterModal }))),
    width: 520,
  },
  forgotPassword: {
    kind: 'default',
    title: (t) => t('accounts.forgotPassword.title'),
    Body: lazy(() => accountModals().then((m) => ({ default: m.ForgotPasswordModal }))),
    width: 440,
  },
  changePassword: {
    kind: 'default',
    title: (t) => t('accounts.changePassword.title'),
    Body: lazy(() => accountModals().then((m) => ({ default: m.ChangePasswordModal }))),
    width: 440,
    // §4: a forced change cannot be closed until the password is changed.
    isDismissible: (props) => !props?.isForced,
  },
  notice: {
    kind: 'default',
    title: (t) => t('notices.title'),
    Body: lazy(() =>
      withLateStrings(import('../features/notices/components/notice-modal')).then((m) => ({
        default: m.NoticeModal,
      })),
    ),
    width: 760,
    height: 520,
  },
  loginNotice: {
    kind: 'default',
    title: (t) => t('inbox.popup.title'),
    Body: lazy(() =>
      withLateStrings(import('../features/notices/components/login-notice-modal')).then((m) => ({
        default: m.LoginNoticeModal,
      })),
    ),
    width: 760,
    height: 520,
  },
  memberCenter: {
    kind: 'member',
    title: (t) => t('memberCenter.title'),
    Body: lazy(() => memberCenter().then((m) => ({ default: m.MemberCenterModal }))),
  },
  agentCenter: {
    kind: 'member',
    title: (t) => t('agentCenter.title'),
    Body: lazy(() => memberCenter().then((m) => ({ default: m.AgentCenterModal }))),
  },
  gameList: {
    kind: 'default',
    title: (_t, props) => props.title,
    Body: lazy(() =>
      withLateStrings(import('../features/games/components/vendor-game-list')).then((m) => ({
        default: m.VendorGameList,
      })),
    ),
    width: 960,
    height: 640,
  },
  dialog: {
    kind: 'dialog',
    title: (t, props) => props.title ?? t('modal.notice'),
    Body: DialogBody,
    onDismiss: (props) => props.onCancel?.(),
  },
};
