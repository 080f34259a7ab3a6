import { useCallback, useState, type FormEvent } from 'react';

/**
 * A form's call to the server, one at a time: busy while it runs, and what went wrong as the form's
 * alert. `onError` sets the fields' own problems and returns the alert's text (undefined for none).
 */
export const useFormCall = () => {
  const [alert, setAlert] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<void>, onError: (error: unknown) => string | undefined) => {
      setBusy(true);
      setAlert(undefined);
      try {
        await action();
      } catch (error) {
        setAlert(onError(error));
      } finally {
        setBusy(false);
      }
    },
    [],
  );
  /** The form's submit: its call, unless one is on its way or the values fail the client's checks. */
  const submit = async (
    event: FormEvent,
    form: { submit: () => boolean },
    action: () => Promise<void>,
    onError: (error: unknown) => string | undefined,
  ) => {
    event.preventDefault();
    if (isBusy || !form.submit()) return;
    await run(action, onError);
  };
  return { alert, setAlert, isBusy, run, submit };
};
