/** Decorative; the caller announces what is loading. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
