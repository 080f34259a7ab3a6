import type { BrowserContext } from 'playwright-core';

/** A real free-play (trial, isAgent 4) session from the server, as the login popup will store it. */
export async function startFreePlay(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/wps/session/login/freeplay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ platform: 'W' }),
  });
  const body = (await response.json()) as { success: boolean; value?: { token: string } };
  if (!body.success || !body.value) throw new Error(`free play failed: ${JSON.stringify(body)}`);
  return body.value.token;
}

/** Puts a session in the tab's sessionStorage before the app starts (§3 keys token and isAgent). */
export async function addSession(context: BrowserContext, session: { token: string; isAgent: number }) {
  // Once per tab: a reload after a logout must not bring the ended session back (window.name lasts
  // across the tab's navigations; a new tab starts with the session again).
  await context.addInitScript((values) => {
    if (window.name === 'e2e-session-added') return;
    window.name = 'e2e-session-added';
    sessionStorage.setItem('token', values.token);
    sessionStorage.setItem('isAgent', String(values.isAgent));
  }, session);
}
