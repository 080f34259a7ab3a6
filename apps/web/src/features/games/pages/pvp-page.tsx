import { CategoryPage } from './category-page';

/** §2 lazy group pvp. */
export const PvpPage = () => <CategoryPage category="PVP" />;
