import { useSyncExternalStore } from 'react';

const KEY = 'hideBalance';

const read = () => {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

// One choice for the whole page: the header and the wallet panels hide and show together.
let isHiddenNow = read();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSnapshot = () => isHiddenNow;

const toggle = () => {
  isHiddenNow = !isHiddenNow;
  try {
    localStorage.setItem(KEY, isHiddenNow ? '1' : '0');
  } catch {
    // Without storage the choice lasts for this page.
  }
  for (const listener of listeners) listener();
};

/** §4: the balance can be hidden as ***; the choice is kept on this device. */
export const useBalanceVisibility = () => {
  const isHidden = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { isHidden, toggle };
};
