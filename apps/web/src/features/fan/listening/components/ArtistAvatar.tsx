import { Avatar } from '@mantine/core';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase());
  return letters.join('') || '?';
}

/** An artist's or track's picture; decorative (the name is always next to it). */
export function ArtistAvatar({ name, imageUrl, size = 40, radius = 'xl' }: { name: string; imageUrl: string | null; size?: number; radius?: 'xl' | 'sm' }) {
  return (
    <Avatar src={imageUrl} alt="" size={size} radius={radius} color="pie" aria-hidden="true">
      {initials(name)}
    </Avatar>
  );
}
