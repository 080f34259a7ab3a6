import { createContext, useContext } from 'react';
import type { BrandLanguage, WhitelabelResponse } from '@jade/contracts/system';

/** The brand this host serves, loaded once at start (§4), and the language the visitor reads it in. */
export type Brand = {
  whitelabel: WhitelabelResponse;
  language: BrandLanguage | undefined;
  setLanguage: (code: string) => void;
};

export const BrandContext = createContext<Brand | null>(null);

export const useBrand = (): Brand => {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand must be used inside the BrandProvider');
  return brand;
};

/** The brand language code the API speaks ('EN', 'TY' ...): the visitor's choice, else the brand default. */
export const useLanguageCode = (): string => {
  const { whitelabel, language } = useBrand();
  return language?.code ?? whitelabel.merchant.defaultLanguage;
};

/** The brand's resources of one type (§3 resources: banners, app downloads, social links ...), in brand order. */
export const useResources = (type: string) =>
  useBrand().whitelabel.resources.filter((r) => r.resourceType === type);
