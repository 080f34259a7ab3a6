import DOMPurify from 'dompurify';

let isHooked = false;

/**
 * Announcements and help articles are HTML written by operators (§3); they are rendered only after
 * DOMPurify has removed scripts, event handlers, styles and forms. Links open in a new tab that cannot
 * reach back into this one.
 */
export const sanitizeHtml = (html: string): string => {
  if (!isHooked) {
    isHooked = true;
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style'],
  });
};
