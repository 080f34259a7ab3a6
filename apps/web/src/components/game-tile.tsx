import { useState, type CSSProperties } from 'react';
import { hueOf, initialsOf } from '../lib/format';

type GameTileProps = {
  src: string;
  name: string;
  /** Seeds the placeholder's colour; the game or vendor id. */
  seed: string;
  className?: string;
  /** Load the image at once (tiles in the first screenful), not lazily. */
  isEager?: boolean;
};

/**
 * A game or vendor image. Catalogues often list icons that are not uploaded yet; until one loads,
 * the tile shows a generated face (the name's initials on a colour of its own) instead of a broken image.
 */
export function GameTile({ src, name, seed, className, isEager = false }: GameTileProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const hasImage = Boolean(src) && failedSrc !== src;
  const style = { '--tile-hue': hueOf(seed) } as CSSProperties;

  return (
    <div className={['game-tile', className].filter(Boolean).join(' ')} style={style}>
      <span className="game-tile__initials" aria-hidden="true">
        {initialsOf(name)}
      </span>
      {hasImage && (
        <img
          className="game-tile__image"
          src={src}
          alt=""
          loading={isEager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      )}
    </div>
  );
}
