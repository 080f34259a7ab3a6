import type { VendorItem } from '@jade/contracts/games';
import { GameTile } from '../../../components/game-tile';

type VendorTabsProps = {
  vendors: readonly VendorItem[];
  selected: string | undefined;
  onSelect: (vassalage: string) => void;
  /** The text of a tab; §2 /rng shows the vendor name plus a game-hall suffix. */
  labelOf?: (vendor: VendorItem) => string;
  label: string;
};

/** Vendor tabs of a category page; a tab list, so arrow keys are not needed to reach every vendor. */
export function VendorTabs({ vendors, selected, onSelect, labelOf, label }: VendorTabsProps) {
  return (
    <div className="vendor-tabs" role="group" aria-label={label}>
      {vendors.map((vendor) => (
        <button
          key={vendor.vassalage}
          type="button"
          className="vendor-tab"
          aria-pressed={vendor.vassalage === selected}
          onClick={() => onSelect(vendor.vassalage)}
        >
          <GameTile
            className="vendor-tab__logo"
            src={vendor.logo}
            name={vendor.vendorName}
            seed={vendor.vassalage}
          />
          <span>{labelOf ? labelOf(vendor) : vendor.vendorName}</span>
        </button>
      ))}
    </div>
  );
}
