import { GiftIcon } from '../../../components/icons';

/** A promotion's picture; decorative (the title says what it is), a gift when there is none. */
export function PromotionImage({ url, className }: { url: string | null; className: string }) {
  if (!url) {
    return (
      <div className={`${className} promo-image--placeholder`} aria-hidden="true">
        <GiftIcon size={48} />
      </div>
    );
  }
  return <img className={className} src={url} alt="" width={600} height={300} loading="lazy" />;
}
