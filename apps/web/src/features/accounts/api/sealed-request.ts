import { importSealingKey, publicKeyResponse, sealPayload } from '@jade/contracts/sealed';
import {
  apiGet,
  apiSend,
  ApiRequestError,
  isApiRequestError,
  type ValueOf,
  type ValueSchema,
} from '../../../api/client';

let sealingKey: Promise<CryptoKey> | undefined;

/** GET /wps/system/publicKey once a page; a failed fetch is forgotten so the next call asks again. */
const getSealingKey = (): Promise<CryptoKey> => {
  if (!sealingKey) {
    const loading = apiGet('/wps/system/publicKey', publicKeyResponse).then((value) =>
      importSealingKey(value.publicKey),
    );
    loading.catch(() => {
      if (sealingKey === loading) sealingKey = undefined;
    });
    sealingKey = loading;
  }
  return sealingKey;
};

/**
 * §6 encrypted calls (login, register, change password, set password by phone): the body is sealed for
 * the server's public key (ARCHITECTURE.md, wire format). A key the server no longer holds is refused as
 * SEALED_PAYLOAD_INVALID; the call is then sealed once more with a freshly fetched key.
 */
export const sendSealed = async <T extends ValueSchema>(
  method: 'POST' | 'PUT',
  path: string,
  payload: unknown,
  valueSchema: T,
): Promise<ValueOf<T>> => {
  // WebCrypto exists only in secure contexts (https, or http on localhost).
  if (!globalThis.crypto?.subtle) {
    throw new ApiRequestError('SEALED_PAYLOAD_INVALID', 'WebCrypto is not available on this page');
  }
  const send = async () =>
    apiSend(method, path, await sealPayload(await getSealingKey(), payload), valueSchema);
  try {
    return await send();
  } catch (error) {
    if (!isApiRequestError(error) || error.code !== 'SEALED_PAYLOAD_INVALID') throw error;
    sealingKey = undefined;
    return send();
  }
};
