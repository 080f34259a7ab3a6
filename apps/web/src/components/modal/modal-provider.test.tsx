import { useEffect, type ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../testing/i18n';
import { useRequireLogin } from '../../lib/use-require-login';
import { setSession, clearSession } from '../../lib/session';
import { DialogBody } from './dialog-body';
import { useModals, type Modals } from './modal-context';
import { ModalProvider } from './modal-provider';
import type { ModalBodyProps, ModalRegistry } from './modal-types';

const Body =
  (text: string) =>
  ({ close }: { close: () => void }) => (
    <div>
      <p>{text}</p>
      <button type="button" onClick={close}>
        Done
      </button>
    </div>
  );

const registry = {
  login: { kind: 'default', title: () => 'Log in', Body: Body('login body') },
  register: { kind: 'default', title: () => 'Register', Body: Body('register body') },
  forgotPassword: { kind: 'default', title: () => 'Forgot password', Body: Body('forgot body') },
  changePassword: { kind: 'default', title: () => 'Change password', Body: Body('change body') },
  notice: {
    kind: 'default',
    title: () => 'Notices',
    Body: ({ props }: ModalBodyProps<'notice'>) => <p>notice {props?.announcementId ?? 'list'}</p>,
    width: 760,
  },
  memberCenter: { kind: 'member', title: () => 'Personal centre', Body: Body('member body') },
  agentCenter: { kind: 'member', title: () => 'Agent centre', Body: Body('agent body') },
  dialog: {
    kind: 'dialog',
    title: (_t: unknown, props: { title?: string }) => props.title ?? 'Notice',
    Body: DialogBody,
    onDismiss: (props: { onCancel?: () => void }) => props.onCancel?.(),
  },
} as unknown as ModalRegistry;

let modals: Modals;
function Capture() {
  modals = useModals();
  return (
    <button type="button" onClick={() => modals.open('login')}>
      Open login
    </button>
  );
}

const renderModals = (extra?: ReactNode) =>
  render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <ModalProvider registry={registry}>
        <Capture />
        {extra}
      </ModalProvider>
    </I18nextProvider>,
  );

const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
const backdropOf = (name: string) => document.querySelector(`[data-modal="${name}"]`) as HTMLElement;

beforeEach(() => clearSession());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ModalProvider', () => {
  it('keeps the same modals object while modals open and close, so effects on it run once', () => {
    let opened = 0;
    function OpensOnMount() {
      const { open } = useModals();
      useEffect(() => {
        opened += 1;
        open('register');
      }, [open]);
      return null;
    }
    renderModals(<OpensOnMount />);
    const first = modals;
    screen.getByText('register body');
    act(() => modals.open('login'));
    screen.getByText('login body');
    act(() => modals.close());
    expect(modals).toBe(first);
    expect(opened).toBe(1);
  });

  it('opens a modal by name as a labelled dialog and closes it with its close button', () => {
    renderModals();
    fireEvent.click(screen.getByRole('button', { name: 'Open login' }));

    const dialog = screen.getByRole('dialog', { name: 'Log in' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('login body')).toBeTruthy();
    expect(modals.isOpen('login')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(modals.isOpen('login')).toBe(false);
  });

  it('makes the page behind an open modal inert, and gives focus back when it closes', () => {
    renderModals();
    const opener = screen.getByRole('button', { name: 'Open login' });
    opener.focus();
    fireEvent.click(opener);
    expect(opener.closest('.modal-inert-root')?.hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('dialog'));

    press('Escape');
    expect(opener.closest('.modal-inert-root')?.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('passes props to the body and lets the body close its own modal', () => {
    renderModals();
    act(() => modals.open('notice', { announcementId: 7 }));
    expect(screen.getByText('notice 7')).toBeTruthy();
    expect(screen.getByRole('dialog').style.getPropertyValue('--modal-width')).toBe('760px');

    act(() => modals.open('register'));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(modals.isOpen('register')).toBe(false);
    expect(modals.isOpen('notice')).toBe(true);
  });

  it('is 600x300 by default (§9)', () => {
    renderModals();
    act(() => modals.open('login'));
    const style = screen.getByRole('dialog').style;
    expect(style.getPropertyValue('--modal-width')).toBe('600px');
    expect(style.getPropertyValue('--modal-min-height')).toBe('300px');
  });

  it('closes only the topmost modal on Escape', () => {
    renderModals();
    act(() => {
      modals.open('login');
      modals.open('register');
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(2);

    press('Escape');
    expect(modals.isOpen('register')).toBe(false);
    expect(modals.isOpen('login')).toBe(true);
    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('brings a modal that is already open to the top instead of opening it twice', () => {
    renderModals();
    act(() => {
      modals.open('login');
      modals.open('register');
      modals.open('login');
    });
    const dialogs = screen.getAllByRole('dialog');
    expect(dialogs).toHaveLength(2);
    expect(dialogs.at(-1)?.getAttribute('aria-labelledby')).toBe(
      screen.getByRole('heading', { name: 'Log in' }).id,
    );
  });

  it('closes a default modal on a background click', () => {
    renderModals();
    act(() => modals.open('login'));
    fireEvent.mouseDown(screen.getByText('login body'));
    expect(modals.isOpen('login')).toBe(true);
    fireEvent.mouseDown(backdropOf('login'));
    expect(modals.isOpen('login')).toBe(false);
  });

  it('opens a member modal after 100 ms and keeps it open on a background click (§9)', () => {
    vi.useFakeTimers();
    renderModals();
    act(() => modals.open('memberCenter'));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(99));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog', { name: 'Personal centre' })).toBeTruthy();

    fireEvent.mouseDown(backdropOf('memberCenter'));
    expect(modals.isOpen('memberCenter')).toBe(true);
    press('Escape');
    expect(modals.isOpen('memberCenter')).toBe(false);
  });

  it('does not open a member modal that was closed within its 100 ms delay', () => {
    vi.useFakeTimers();
    renderModals();
    act(() => modals.open('agentCenter'));
    act(() => modals.close('agentCenter'));
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('dialogs', () => {
  it('shows a message with one OK button, 400 wide, and Enter confirms it', async () => {
    renderModals();
    let resolved = false;
    act(
      () => void modals.alert({ message: 'Please register an account first' }).then(() => (resolved = true)),
    );

    const dialog = screen.getByRole('alertdialog', { name: 'Notice' });
    expect(dialog.style.getPropertyValue('--modal-width')).toBe('400px');
    expect(screen.getByText('Please register an account first')).toBeTruthy();
    expect(screen.getAllByRole('button').filter((b) => dialog.contains(b))).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));

    press('Enter');
    await act(async () => undefined);
    expect(resolved).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('confirms with Enter even when the cancel button has focus, and cancels with Escape', async () => {
    renderModals();
    let answer: boolean | undefined;
    act(() => void modals.confirm({ message: 'Log out?' }).then((value) => (answer = value)));
    screen.getByRole('button', { name: 'Cancel' }).focus();
    press('Enter');
    await act(async () => undefined);
    expect(answer).toBe(true);

    act(() => void modals.confirm({ message: 'Log out?' }).then((value) => (answer = value)));
    press('Escape');
    await act(async () => undefined);
    expect(answer).toBe(false);
  });

  it('keeps Tab inside the dialog', () => {
    renderModals();
    act(() => void modals.confirm({ message: 'Log out?' }));
    const [cancel, ok] = [
      screen.getByRole('button', { name: 'Cancel' }),
      screen.getByRole('button', { name: 'OK' }),
    ];
    ok.focus();
    fireEvent.keyDown(ok, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(ok);
  });
});

describe('useRequireLogin (§5 login needed)', () => {
  let action: ReturnType<typeof vi.fn<() => void>>;
  function Guarded() {
    const requireLogin = useRequireLogin();
    return (
      <button type="button" onClick={() => requireLogin(action)}>
        Deposit
      </button>
    );
  }

  beforeEach(() => {
    action = vi.fn<() => void>();
  });

  it('opens the login popup when there is no token', () => {
    renderModals(<Guarded />);
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(action).not.toHaveBeenCalled();
  });

  it('warns a trial account (isAgent 4) to register first, with one OK button', () => {
    setSession({ token: 'trial-token', isAgent: 4 });
    renderModals(<Guarded />);
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Please register an account first');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(action).not.toHaveBeenCalled();
  });

  it('runs the action for a member', () => {
    setSession({ token: 'member-token', isAgent: 0 });
    renderModals(<Guarded />);
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(action).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
