/**
 * The landing pages' visuals: inline SVG (nothing to download, crisp at any size), in the theme's
 * purples. Decorative: the text beside them says everything they show.
 */

const SVG_PROPS = { role: 'presentation', 'aria-hidden': true, focusable: false } as const;

/** A fan's pie, cut to the cent into slices that go to the artists they listened to. */
export function PieSplitIllustration({ size = 280 }: { size?: number }) {
  return (
    <svg {...SVG_PROPS} width={size} height={size} viewBox="0 0 240 240" data-illustration="pie-split" style={{ maxWidth: '100%', height: 'auto' }}>
      <defs>
        <radialGradient id="pie-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="var(--mantine-color-pie-5)" stopOpacity="0.45" />
          <stop offset="100%" stopColor="var(--mantine-color-pie-5)" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="120" cy="120" r="118" fill="url(#pie-glow)" />
      {/* The pie: four slices of different sizes, one pulled out towards its artist. */}
      <path d="M120 120 L120 40 A80 80 0 0 1 196 95 Z" fill="var(--mantine-color-pie-3)" />
      <path d="M120 120 L196 95 A80 80 0 0 1 150 194 Z" fill="var(--mantine-color-pie-5)" />
      <path d="M120 120 L150 194 A80 80 0 0 1 45 150 Z" fill="var(--mantine-color-pie-7)" />
      <path d="M128 112 L48 106 A80 80 0 0 1 128 32 Z" fill="var(--mantine-color-pie-4)" transform="translate(-14 -10)" />
      <circle cx="120" cy="120" r="22" fill="var(--mantine-color-body)" />
      {/* Music notes rising from the slices. */}
      <g fill="var(--mantine-color-pie-2)">
        <circle cx="206" cy="44" r="7" />
        <rect x="211" y="14" width="3" height="31" rx="1.5" />
        <path d="M211 14 q14 4 14 16 q-6 -8 -14 -8 Z" />
        <circle cx="28" cy="206" r="6" />
        <rect x="32" y="182" width="3" height="25" rx="1.5" />
        <circle cx="212" cy="196" r="5" />
        <rect x="215" y="176" width="2.5" height="21" rx="1.25" />
      </g>
      {/* A cent coin, the unit every share is counted in. */}
      <g transform="translate(178 150)">
        <circle r="15" fill="var(--mantine-color-yellow-5)" />
        <circle r="11" fill="none" stroke="var(--mantine-color-yellow-8)" strokeWidth="2" />
        <text y="5" textAnchor="middle" fontSize="14" fontWeight="700" fill="var(--mantine-color-yellow-9)">
          ¢
        </text>
      </g>
    </svg>
  );
}

/** An artist's record with the fans' money coming in: what claiming a profile on Pie leads to. */
export function ArtistRecordIllustration({ size = 280 }: { size?: number }) {
  return (
    <svg {...SVG_PROPS} width={size} height={size} viewBox="0 0 240 240" data-illustration="artist-record" style={{ maxWidth: '100%', height: 'auto' }}>
      <defs>
        <radialGradient id="record-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="var(--mantine-color-pie-5)" stopOpacity="0.4" />
          <stop offset="100%" stopColor="var(--mantine-color-pie-5)" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="120" cy="120" r="118" fill="url(#record-glow)" />
      {/* The record. */}
      <circle cx="112" cy="128" r="78" fill="var(--mantine-color-dark-7)" stroke="var(--mantine-color-pie-6)" strokeWidth="2" />
      <circle cx="112" cy="128" r="62" fill="none" stroke="var(--mantine-color-dark-4)" strokeWidth="1.5" />
      <circle cx="112" cy="128" r="48" fill="none" stroke="var(--mantine-color-dark-4)" strokeWidth="1.5" />
      <circle cx="112" cy="128" r="26" fill="var(--mantine-color-pie-4)" />
      <circle cx="112" cy="128" r="4" fill="var(--mantine-color-dark-7)" />
      {/* A verified badge: the profile is claimed and proven. */}
      <g transform="translate(168 60)">
        <circle r="22" fill="var(--mantine-color-teal-6)" />
        <path d="M-10 0 L-3 8 L11 -8" fill="none" stroke="var(--mantine-color-white)" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </g>
      {/* Coins arriving from fans. */}
      <g fill="var(--mantine-color-yellow-5)" stroke="var(--mantine-color-yellow-8)" strokeWidth="2">
        <circle cx="204" cy="150" r="11" />
        <circle cx="190" cy="190" r="9" />
        <circle cx="214" cy="112" r="7" />
      </g>
    </svg>
  );
}
