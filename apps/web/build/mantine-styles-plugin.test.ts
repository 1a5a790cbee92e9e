import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineStylesPlugin } from './mantine-styles-plugin';

// Run from the repository's root or from apps/web (the web project's root).
const webRoot = existsSync(join(process.cwd(), 'apps/web/src')) ? join(process.cwd(), 'apps/web') : process.cwd();
const mantineStyles = dirname(createRequire(join(webRoot, 'package.json')).resolve('@mantine/core/styles.css'));

/** The stylesheet a build bundles, as the plugin's load hook makes it. */
function builtStylesheet(): string {
  const plugin = mantineStylesPlugin(webRoot);
  (plugin.configResolved as (config: { command: 'build' | 'serve' }) => void)({ command: 'build' });
  const id = (plugin.resolveId as (source: string) => string | undefined)('virtual:mantine-styles.css')!;
  return (plugin.load as (id: string) => string)(id);
}

describe('the bundled Mantine stylesheet', () => {
  const css = builtStylesheet();
  const of = (component: string) => readFileSync(join(mantineStyles, 'styles', `${component}.css`), 'utf8');

  it('holds InlineInput, which puts Switch, Checkbox and Radio labels beside their controls', () => {
    expect(css).toContain(of('InlineInput'));
    expect(css).toContain(of('Switch'));
    expect(css).toContain(of('Checkbox'));
  });

  it('leaves out components the app never renders', () => {
    expect(css).not.toContain(of('ColorPicker'));
  });
});
