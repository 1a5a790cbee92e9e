import { readFileSync } from 'node:fs';
import { defaultCssVariablesResolver, mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/**
 * index.html names the theme's typefaces before MantineProvider sets them (Mantine's stylesheet
 * alone says the system face): what is painted before the app renders (the static header, the
 * first screen the api draws for /open-books) is then in the face and size of what replaces it.
 */
describe('the typefaces index.html sets before the app renders', () => {
  it('are the theme’s', () => {
    const html = readFileSync('apps/web/index.html', 'utf8');
    const declared = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(html)?.[1]?.trim();
    const { variables } = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
    expect(declared('--mantine-font-family')).toBe(variables['--mantine-font-family']);
    expect(declared('--mantine-font-family-headings')).toBe(variables['--mantine-font-family-headings']);
  });
});
