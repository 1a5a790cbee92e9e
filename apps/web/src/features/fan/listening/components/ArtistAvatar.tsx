import { useState } from 'react';
import classes from './lists.module.css';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase());
  return letters.join('') || '?';
}

/**
 * An artist's or track's picture, or their initials when there is none (or it fails to load).
 * Decorative: the name is always next to it. Plain elements, as lists show many of them.
 */
export function ArtistAvatar({ name, imageUrl, size = 40, radius = 'xl' }: { name: string; imageUrl: string | null; size?: number; radius?: 'xl' | 'sm' }) {
  const [failed, setFailed] = useState(false);
  return (
    <span
      className={radius === 'sm' ? `${classes.avatar} ${classes.avatarSquare}` : classes.avatar}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
    >
      {imageUrl && !failed ? <img src={imageUrl} alt="" loading="lazy" onError={() => setFailed(true)} /> : initials(name)}
    </span>
  );
}
