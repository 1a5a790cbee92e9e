import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's whole stylesheet is ~250 KB and blocks the first paint. In a build, the
 * `virtual:mantine-styles.css` module holds only the styles of the Mantine components the
 * app uses: the names the app's sources import from '@mantine/core', followed through
 * Mantine's own modules to every component they render (Select → Combobox → Popover…), in
 * the order of Mantine's full stylesheet. Computed on every build, so a component a feature
 * starts using brings its styles along. The dev server serves the full stylesheet.
 */
export function mantineStylesPlugin(webRoot: string): Plugin {
  const virtualId = 'virtual:mantine-styles.css';
  const resolvedId = `\0${virtualId}`;
  let command: 'build' | 'serve' = 'build';

  /** @mantine/core's folder (its package.json is not exported; its full stylesheet is). */
  function mantineCore(): string {
    return dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));
  }

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  }

  function usedStylesheet(): string {
    const core = mantineCore();
    const esm = join(core, 'esm');
    // Where '@mantine/core' gets each exported name from.
    const fileOf = new Map<string, string>();
    for (const match of readFileSync(join(esm, 'index.mjs'), 'utf8').matchAll(/import \{([^}]+)\} from "([^"]+)"/g)) {
      for (const part of match[1]!.split(',')) {
        const local = part.trim().split(/\s+as\s+/).pop()!.trim();
        if (local) fileOf.set(local, resolve(esm, match[2]!));
      }
    }
    const pending: string[] = [];
    for (const file of sourceFiles(join(webRoot, 'src'))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+['"]@mantine\/core['"]/g)) {
        for (const part of match[1]!.split(',')) {
          const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
          const target = fileOf.get(name);
          if (target) pending.push(target);
        }
      }
    }
    const seen = new Set<string>();
    const components = new Set<string>();
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      // Components, and the parts they share from utils/ (InlineInput lays out Checkbox, Radio and
      // Switch labels beside their controls).
      const component = /[\\/](?:components|utils)[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
      if (component) components.add(component);
      for (const match of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
        pending.push(resolve(dirname(file), match[1]!));
      }
    }
    const full = readFileSync(join(core, 'styles.css'), 'utf8');
    const styles = [...components]
      .map((component) => join(core, 'styles', `${component}.css`))
      .filter((path) => existsSync(path))
      .map((path) => readFileSync(path, 'utf8'));
    const position = (css: string) => full.indexOf(css.slice(0, 200));
    styles.sort((a, b) => position(a) - position(b));
    const base = ['baseline', 'default-css-variables', 'global'].map((name) =>
      readFileSync(join(core, 'styles', `${name}.css`), 'utf8'),
    );
    return [...base, ...styles].join('\n');
  }

  return {
    name: 'pie-mantine-styles',
    configResolved(config) {
      command = config.command;
    },
    resolveId(source) {
      return source === virtualId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      if (command === 'build') return usedStylesheet();
      return readFileSync(join(mantineCore(), 'styles.css'), 'utf8');
    },
  };
}
