const MERCHANT_KEY = 'merchant';

/** §3/§4: the merchant code is kept in both session and local storage from start-up on. */
export const storeMerchantCode = (code: string): void => {
  for (const storage of [sessionStorage, localStorage]) {
    try {
      storage.setItem(MERCHANT_KEY, code);
    } catch {
      // Storage can be disabled (private mode); the server still knows the brand from the host.
    }
  }
};
