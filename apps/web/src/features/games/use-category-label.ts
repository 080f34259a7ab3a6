import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameMenu } from '@jade/contracts/games';

/** A category's name: the translation of its §3 name key, else the English name the server sent. */
export const useCategoryLabel = () => {
  const { t, i18n } = useTranslation();
  return useCallback(
    (menu: Pick<GameMenu, 'name' | 'enName'>): string =>
      // The key comes from the server, so it is checked rather than trusted to exist.
      i18n.exists(menu.name) ? String(t(menu.name as 'nav.live')) : menu.enName,
    [t, i18n],
  );
};
