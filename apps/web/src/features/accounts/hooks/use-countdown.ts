import { useCallback, useEffect, useState } from 'react';

/** Seconds left until `start(seconds)` runs out; 0 when idle. Follows the clock, not the timer's ticks. */
export const useCountdown = () => {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, []);
  return { seconds: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
};

/** 75 → "1:15", 42 → "42s". */
export const formatCountdown = (seconds: number): string =>
  seconds >= 60 ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}` : `${seconds}s`;
