import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MEMBER_MODAL_DELAY_MS } from '@jade/contracts/constants';
import { ModalsContext, type AlertOptions, type ConfirmOptions, type Modals } from './modal-context';
import { ModalFrame } from './modal-frame';
import type { ModalDefinition, ModalName, ModalOpenArgs, ModalPropsMap, ModalRegistry } from './modal-types';
import './modal.css';

type OpenModal = { id: number; name: ModalName; props: ModalPropsMap[ModalName] };

type ModalProviderProps = {
  registry: ModalRegistry;
  children: ReactNode;
};

/**
 * Holds the stack of open modals. The page behind them is inert (neither focusable nor clickable)
 * while any is open; the topmost one takes Escape and, for dialogs, Enter.
 */
export function ModalProvider({ registry, children }: ModalProviderProps) {
  const [stack, setStack] = useState<OpenModal[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<ModalName, ReturnType<typeof setTimeout>>());

  const show = useCallback((name: ModalName, props: ModalPropsMap[ModalName]) => {
    const id = nextId.current++;
    // Opening a modal that is already open brings it to the top with its new props.
    setStack((current) => [...current.filter((modal) => modal.name !== name), { id, name, props }]);
  }, []);

  const open = useCallback(
    <N extends ModalName>(name: N, ...args: ModalOpenArgs<N>) => {
      const props = args[0] as ModalPropsMap[ModalName];
      const pending = timers.current.get(name);
      if (pending) clearTimeout(pending);
      if (registry[name].kind !== 'member') {
        show(name, props);
        return;
      }
      // §9: member modals open after 100 ms.
      timers.current.set(
        name,
        setTimeout(() => {
          timers.current.delete(name);
          show(name, props);
        }, MEMBER_MODAL_DELAY_MS),
      );
    },
    [registry, show],
  );

  const close = useCallback((name?: ModalName) => {
    if (name) {
      const pending = timers.current.get(name);
      if (pending) clearTimeout(pending);
      timers.current.delete(name);
    }
    setStack((current) => (name ? current.filter((modal) => modal.name !== name) : current.slice(0, -1)));
  }, []);

  const closeAll = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setStack([]);
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const confirm = useCallback(
    ({ message, title, confirmLabel, cancelLabel }: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        show('dialog', {
          message,
          title,
          confirmLabel,
          cancelLabel,
          isConfirm: true,
          onConfirm: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [show],
  );

  const alert = useCallback(
    ({ message, title, confirmLabel }: AlertOptions) =>
      new Promise<void>((resolve) => {
        show('dialog', { message, title, confirmLabel, onConfirm: resolve, onCancel: resolve });
      }),
    [show],
  );

  // Read through a ref: the context value stays the same object while modals open and close, so an
  // effect that depends on it (the /register page opening its modal) does not run again on each change.
  const stackRef = useRef(stack);
  stackRef.current = stack;
  const isOpen = useCallback((name: ModalName) => stackRef.current.some((modal) => modal.name === name), []);

  const modals = useMemo<Modals>(
    () => ({ open, close, closeAll, isOpen, alert, confirm }),
    [open, close, closeAll, isOpen, alert, confirm],
  );

  return (
    <ModalsContext value={modals}>
      <div className="modal-inert-root" inert={stack.length > 0}>
        {children}
      </div>
      {stack.length > 0 &&
        createPortal(
          <div className="modal-layer">
            {stack.map((modal, index) => (
              <ModalFrame
                key={modal.id}
                name={modal.name}
                props={modal.props}
                // Each entry pairs a name with its own definition; the union cannot express that pairing.
                definition={registry[modal.name] as unknown as ModalDefinition<ModalName>}
                isTop={index === stack.length - 1}
                onClose={() => close(modal.name)}
              />
            ))}
          </div>,
          document.body,
        )}
    </ModalsContext>
  );
}
