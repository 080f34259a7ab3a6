import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize';

/** Operator HTML (announcements, help articles), rendered only after sanitising (§2). */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={['html-content', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
