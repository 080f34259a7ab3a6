import { fireEvent, within } from '@testing-library/react';

/**
 * A panel's list whose first load fails with the server's 404 (NOT_FOUND): it shows its load, then
 * why it failed, and Try again asks once more. `scope` is the part of the page the list is in.
 */
export async function retryFailedLoad(scope: HTMLElement = document.body) {
  within(scope).getByText('Loading…');
  const alert = await within(scope).findByRole('alert');
  within(alert).getByText('The requested item was not found');
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
}

/** Chooses a page in the pages' navigation named `label`. */
export function choosePage(label: string, page: number, scope: HTMLElement = document.body) {
  const pages = within(scope).getByRole('navigation', { name: label });
  fireEvent.click(within(pages).getByRole('button', { name: `Page ${page}` }));
}
