import { useQuery } from '@tanstack/react-query';
import { registerSettings, type RegisterSettings } from '@jade/contracts/system';
import { apiGet } from '../../../api/client';
import { useBrand } from '../../../config/brand';

/** §7 regValidata: which register fields show, which are required, and their rules (§5). */
export const getRegisterSettings = (signal?: AbortSignal): Promise<RegisterSettings> =>
  apiGet('/wps/system/setting/register', registerSettings, { signal });

/** Fresh each time a form opens; until it arrives, the settings that came with the brand at start. */
export const useRegisterSettings = (): RegisterSettings => {
  const { whitelabel } = useBrand();
  const query = useQuery({
    queryKey: ['accounts', 'register-settings'],
    queryFn: ({ signal }) => getRegisterSettings(signal),
    staleTime: 30_000,
  });
  return query.data ?? whitelabel.register;
};
