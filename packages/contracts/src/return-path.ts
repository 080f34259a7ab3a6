// No zod here: the web app's first bundle reads this (decision 0015).

const BASE = 'https://return-to.invalid';

/**
 * A path on this site to send the browser back to after a social sign-in: relative, same origin,
 * no fragment (the result travels in one). Anything else could turn the sign-in into an open redirect.
 */
export const isSafeReturnPath = (path: string) => {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || path.includes('#'))
    return false;
  // Browsers drop tabs and newlines from URLs, so '/\t/evil.example' would become '//evil.example'.
  if ([...path].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return false;
  try {
    return new URL(path, BASE).origin === BASE;
  } catch {
    return false;
  }
};
