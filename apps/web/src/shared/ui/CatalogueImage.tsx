import { useState } from 'react';
import classes from './catalogue-image.module.css';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase());
  return letters.join('') || '?';
}

export interface CatalogueImageProps {
  /** The artist's, track's or album's name: its initials are the tile when there is no picture. */
  name: string;
  /** The catalogue's picture (`image_url`), or null when it has none. */
  imageUrl: string | null;
  size?: number;
  /** Round for artists, square (`sm`) for albums and tracks. */
  radius?: 'xl' | 'sm';
}

/**
 * An artist's picture or an album cover from the catalogue, with a tile of initials only when
 * there is none (or it fails to load). Decorative: the name is always next to it. Plain elements,
 * as lists show many of them.
 */
export function CatalogueImage({ name, imageUrl, size = 40, radius = 'xl' }: CatalogueImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <span
      className={radius === 'sm' ? `${classes.image} ${classes.square}` : classes.image}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
      data-catalogue-image={imageUrl && !failed ? 'picture' : 'tile'}
    >
      {imageUrl && !failed ? <img src={imageUrl} alt="" loading="lazy" width={size} height={size} onError={() => setFailed(true)} /> : initials(name)}
    </span>
  );
}
