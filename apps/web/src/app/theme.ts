import { Anchor, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Pie's violet, lightest to darkest. Shade 6 carries white text at > 4.5:1. */
const pie: MantineColorsTuple = [
  '#f5f0ff',
  '#ede5ff',
  '#ddd0ff',
  '#c4b0fe',
  '#a98afb',
  '#8f66f6',
  '#7c3aed',
  '#6a2bd3',
  '#5821b0',
  '#46198c',
];

/** Mantine's dark scale, tinted purple: [0] text, [2] dimmed text, [6] surfaces, [7] page. */
const dark: MantineColorsTuple = [
  '#ece6f8',
  '#c9c0dd',
  '#a89dc0',
  '#7d7198',
  '#4d4266',
  '#3a3052',
  '#2a2240',
  '#1c1630',
  '#150f25',
  '#0e0a1a',
];

export const theme = createTheme({
  primaryColor: 'pie',
  primaryShade: { light: 7, dark: 6 },
  colors: { pie, dark },
  defaultRadius: 'md',
  // Inter ships with the app (@fontsource-variable/inter, imported in main.tsx); the rest is the
  // fallback drawn until it arrives (font-display: swap).
  fontFamily:
    '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});

/**
 * Keep error texts readable on the dark purple surfaces (WCAG AA), and white text on a filled red
 * button (the destructive actions: reject, remove, cancel…): Mantine fills with shade 6 in the dark
 * scheme, red 6 (#fa5252) carries white at 3.3:1; red 8 (#e03131) at 4.5:1, hovering to red 9.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: {
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--mantine-color-pie-3)',
    '--mantine-color-red-filled': 'var(--mantine-color-red-8)',
    '--mantine-color-red-filled-hover': 'var(--mantine-color-red-9)',
  },
});
