import { createContext, useContext } from 'react';
import type { ModalName, ModalOpenArgs } from './modal-types';

export type AlertOptions = { message: string; title?: string; confirmLabel?: string };
export type ConfirmOptions = AlertOptions & { cancelLabel?: string };

export type Modals = {
  open: <N extends ModalName>(name: N, ...args: ModalOpenArgs<N>) => void;
  /** Closes the named modal, or the topmost one. */
  close: (name?: ModalName) => void;
  closeAll: () => void;
  isOpen: (name: ModalName) => boolean;
  /** A message with one OK button; resolves once it is dismissed. */
  alert: (options: AlertOptions) => Promise<void>;
  /** A question with confirm and cancel; resolves true only on confirm. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
};

export const ModalsContext = createContext<Modals | null>(null);

/** The one way to open and close modals: `useModals().open('login')`. */
export const useModals = (): Modals => {
  const modals = useContext(ModalsContext);
  if (!modals) throw new Error('useModals must be used inside the ModalProvider');
  return modals;
};
