import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptchaResponse } from '@jade/contracts/auth';
import { CAPTCHA_REFRESH_MIN_MS } from '@jade/contracts/constants';
import { isApiRequestError } from '../../../api/client';
import { getCaptcha } from '../api/get-captcha';

// The server draws at most one captcha a second per visitor, whichever form asks (§9).
let lastDrawnAt = 0;

export type Captcha = {
  image: CaptchaResponse | undefined;
  isLoading: boolean;
  hasFailed: boolean;
  /** Draws a new image, waiting out the rest of the second since the last one when needed. */
  refresh: () => void;
};

/** A captcha image while `isEnabled`; it is redrawn when it expires, and on demand. */
export const useCaptcha = (isEnabled: boolean): Captcha => {
  const [image, setImage] = useState<CaptchaResponse>();
  const [isLoading, setLoading] = useState(false);
  const [hasFailed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const isMounted = useRef(true);

  const draw = useCallback(async () => {
    lastDrawnAt = Math.max(lastDrawnAt, Date.now());
    try {
      const next = await getCaptcha();
      if (!isMounted.current) return;
      setImage(next);
      setFailed(false);
      setLoading(false);
      // An expired captcha would only be refused: draw a fresh one just before it runs out.
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void draw(), Math.max(next.expiresInSeconds - 5, 5) * 1000);
    } catch (error) {
      if (!isMounted.current) return;
      const retryAfter = isApiRequestError(error) ? Number(error.details?.retryAfterSeconds) : NaN;
      if (isApiRequestError(error) && error.code === 'RATE_LIMITED' && retryAfter > 0 && retryAfter <= 5) {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void draw(), retryAfter * 1000);
        return;
      }
      setFailed(true);
      setLoading(false);
    }
  }, []);

  const refresh = useCallback(() => {
    setLoading(true);
    clearTimeout(timer.current);
    // The slot is taken now, not when the timer fires: two forms that open together (the register
    // form and its SMS code) draw one second apart instead of both at once and one refused.
    const now = Date.now();
    const at = lastDrawnAt === 0 ? now : Math.max(now, lastDrawnAt + CAPTCHA_REFRESH_MIN_MS);
    lastDrawnAt = at;
    timer.current = setTimeout(() => void draw(), at - now);
  }, [draw]);

  useEffect(() => {
    isMounted.current = true;
    if (isEnabled) refresh();
    return () => {
      isMounted.current = false;
      clearTimeout(timer.current);
    };
  }, [isEnabled, refresh]);

  return { image: isEnabled ? image : undefined, isLoading, hasFailed, refresh };
};
