import type { CustomerServiceLink } from '@jade/contracts/system';

const WINDOW_NAME = 'customerService';

/** Contact Us goes to live chat; a brand without one falls back to its first service link. */
export const findContactLink = (links: readonly CustomerServiceLink[]): CustomerServiceLink | undefined =>
  links.find((link) => link.type === 'LIVE_CHAT') ?? links[0];

/**
 * Opens the service window at the size the brand configured for the link (§9: chat 440x750, others
 * 440x500), centred on the current window. Null means the browser blocked the popup.
 */
export const openCustomerService = (link: CustomerServiceLink): Window | null => {
  const { width, height } = link;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const features = `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
  const popup = window.open(link.url, WINDOW_NAME, features);
  // Not 'noopener' in the features: with it window.open always returns null and a block is undetectable.
  if (popup) popup.opener = null;
  return popup;
};
