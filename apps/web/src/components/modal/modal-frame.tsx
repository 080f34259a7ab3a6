import { Suspense, useEffect, useId, useRef, type CSSProperties, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH, MODAL_DEFAULT_SIZE } from '@jade/contracts/constants';
import { Spinner } from '../spinner';
import { CloseIcon } from '../icons';
import type { ModalBodyProps, ModalDefinition, ModalKind, ModalName, ModalPropsMap } from './modal-types';

const SIZES: Record<ModalKind, { width: number; height: number }> = {
  default: MODAL_DEFAULT_SIZE,
  member: { width: 1040, height: 640 },
  dialog: { width: DIALOG_WIDTH, height: 0 },
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type ModalFrameProps = {
  name: ModalName;
  props: ModalPropsMap[ModalName];
  definition: ModalDefinition<ModalName>;
  isTop: boolean;
  onClose: () => void;
};

export function ModalFrame({ name, props, definition, isTop, onClose }: ModalFrameProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const { kind } = definition;
  const size = SIZES[kind];
  const width = definition.width ?? size.width;
  const height = definition.height ?? size.height;

  // Read through refs, so the key listener is added once and always calls the latest props.
  const latest = useRef({ definition, props, onClose, isTop });
  useEffect(() => {
    latest.current = { definition, props, onClose, isTop };
  });
  const isDismissible = definition.isDismissible?.(props) ?? true;
  const dismiss = () => {
    if (!(latest.current.definition.isDismissible?.(latest.current.props) ?? true)) return;
    latest.current.definition.onDismiss?.(latest.current.props);
    latest.current.onClose();
  };
  const dismissRef = useRef(dismiss);
  useEffect(() => {
    dismissRef.current = dismiss;
  });

  // Focus moves into the modal when it opens and back to where it was when it closes.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    const first =
      node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (kind === 'dialog' && first ? first : node)?.focus();
    return () => previous?.focus();
  }, [kind]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!latest.current.isTop || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        dismissRef.current();
        return;
      }
      if (event.key === 'Enter' && kind === 'dialog' && !(event.target instanceof HTMLTextAreaElement)) {
        // §9: Enter confirms a dialog, wherever focus is inside it.
        event.preventDefault();
        panel.current?.querySelector<HTMLButtonElement>('[data-modal-confirm]')?.click();
        return;
      }
      if (event.key === 'Tab') trapFocus(event, panel.current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [kind]);

  const style = {
    '--modal-width': `${width}px`,
    '--modal-min-height': height ? `${height}px` : 'auto',
  } as CSSProperties;
  const Body = definition.Body as ComponentType<ModalBodyProps<ModalName>>;

  return (
    <div
      className={`modal-backdrop modal-backdrop--${kind}`}
      data-modal={name}
      // §9: member modals do not close on a background click.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && kind !== 'member') dismiss();
      }}
    >
      <div
        ref={panel}
        role={kind === 'dialog' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal modal--${kind}`}
        style={style}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {definition.title(t, props)}
          </h2>
          {kind !== 'dialog' && isDismissible && (
            <button type="button" className="modal__close" onClick={dismiss} aria-label={t('modal.close')}>
              <CloseIcon />
            </button>
          )}
        </header>
        <div className="modal__body">
          <Suspense
            fallback={
              <div role="status" className="modal__loading">
                <Spinner />
                <span>{t('common.loading')}</span>
              </div>
            }
          >
            <Body props={props} close={onClose} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}

function trapFocus(event: KeyboardEvent, container: HTMLElement | null) {
  if (!container) return;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => !item.hidden);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) {
    event.preventDefault();
    container.focus();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
