import { useCallback, useMemo, useState } from 'react';
import { hasErrors, type FieldErrors, type FieldMessage } from '../utils/field-rules';

/** What `useForm().field(name)` hands a text field. */
export type FieldBinding = {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: FieldMessage | undefined;
};

/**
 * Form state with live validation (§5): a field shows its problem once it has been left or the form
 * submitted, and the message follows every keystroke from then on. Server errors sit beside the
 * client's and go when their field changes.
 */
export const useForm = <K extends string>(
  initial: Record<K, string>,
  validate: (values: Record<K, string>) => FieldErrors<K>,
) => {
  const [start] = useState(initial);
  const [values, setValues] = useState(start);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<K>>({});

  const clientErrors = useMemo(() => validate(values), [validate, values]);

  const setValue = useCallback((name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  const touch = useCallback(
    (name: K) => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
    [],
  );

  const errorOf = (name: K) =>
    serverErrors[name] ?? (isSubmitted || touched[name] ? clientErrors[name] : undefined);

  /** Marks the form submitted; true when the values pass the client's checks. */
  const submit = () => {
    setSubmitted(true);
    return !hasErrors(clientErrors);
  };

  /** Props for a text field bound to `name`. */
  const field = (name: K): FieldBinding & { name: K } => ({
    name,
    value: values[name],
    onChange: (value: string) => setValue(name, value),
    onBlur: () => touch(name),
    error: errorOf(name),
  });

  /** Back to the initial values, untouched and unsubmitted (a secret is not kept after its call). */
  const reset = useCallback(() => {
    setValues(start);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
  }, [start]);

  return { values, setValue, errorOf, field, submit, setServerErrors, reset };
};
