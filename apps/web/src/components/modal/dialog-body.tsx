import { useTranslation } from 'react-i18next';
import type { ModalBodyProps } from './modal-types';

/** The built-in message dialog: a message and OK, or a question with confirm and cancel. */
export function DialogBody({ props, close }: ModalBodyProps<'dialog'>) {
  const { t } = useTranslation();
  const { message, confirmLabel, cancelLabel, isConfirm, onConfirm, onCancel } = props;
  return (
    <div className="dialog">
      <p className="dialog__message">{message}</p>
      <div className="dialog__actions">
        {isConfirm && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              close();
              onCancel?.();
            }}
          >
            {cancelLabel || t('modal.cancel')}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          data-modal-confirm
          data-autofocus
          onClick={() => {
            close();
            onConfirm?.();
          }}
        >
          {confirmLabel || t('modal.ok')}
        </button>
      </div>
    </div>
  );
}
