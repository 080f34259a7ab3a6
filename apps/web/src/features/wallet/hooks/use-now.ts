import { useEffect, useState } from 'react';

/** The current time, ticking every `intervalMs` while `isTicking` (a countdown on screen). */
export const useNow = (isTicking: boolean, intervalMs = 1000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [isTicking, intervalMs]);
  return now;
};
