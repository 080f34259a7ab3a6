import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once the place they go comes near the screen: a section below the fold loads
 * its code and data only for a visitor who scrolls to it (the landing page's first load stays small).
 * `minHeight` (px or a CSS length) keeps the place of what comes, so that the page below it does not
 * move when it does.
 */
export function WhenVisible({ children, minHeight }: { children: ReactNode; minHeight?: number | string }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (!element || isVisible) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isVisible]);
  return isVisible ? (
    <>{children}</>
  ) : (
    <div ref={anchor} aria-hidden="true" style={minHeight ? { minHeight } : undefined} />
  );
}
