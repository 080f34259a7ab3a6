import { useCallback, useState } from 'react';

const KEY = 'hideBalance';

const read = () => {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

/** §4: the balance can be hidden as ***; the choice is kept on this device. */
export const useBalanceVisibility = () => {
  const [isHidden, setHidden] = useState(read);
  const toggle = useCallback(() => {
    setHidden((current) => {
      try {
        localStorage.setItem(KEY, current ? '0' : '1');
      } catch {
        // Without storage the choice lasts for this page.
      }
      return !current;
    });
  }, []);
  return { isHidden, toggle };
};
