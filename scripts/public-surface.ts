/**
 * `node scripts/public-surface.ts [module…]`: for each module's public surface (libs/<m>/src/index.ts),
 * who imports each name: other modules and the apps (the surface's reason to exist), or only tests
 * and scripts (those names belong in src/testing.ts, imported as '#pie/<m>/testing'), or nobody.
 * Reads import statements with a regular expression (named imports, `import type`, dynamic imports
 * destructured in one statement); exits 1 when a name serves only tests and scripts, or nothing.
 * `--json` prints one line per module for tools.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const json = process.argv.includes('--json');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
/**
 * The domain modules. contracts is left out (the web imports it by path, which this does not read)
 * and so is platform (its test helpers are '#pie/testing'); `--all` lists them too.
 */
const checked = (module: string) => (only.length > 0 ? only.includes(module) : process.argv.includes('--all') || !['contracts', 'platform'].includes(module));

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The names a file exports (`export { a, b as c }`, `export const|function|class|type|interface x`, `export *` followed). */
function exportsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const [, list] of source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of list.split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()?.trim();
      if (name) names.push(name);
    }
  }
  for (const [, name] of source.matchAll(/export\s+(?:declare\s+)?(?:abstract\s+)?(?:const|let|function\*?|async\s+function|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/g)) names.push(name);
  for (const [, from] of source.matchAll(/export\s+\*\s+from\s+'(\.[^']+)'/g)) names.push(...exportsOf(join(file, '..', from.replace(/\.js$/, '.ts'))));
  return names;
}

type Use = 'production' | 'test-or-script';
const isTestOrScript = (path: string) => /^(test|scripts)\//.test(path) || /\.test\.tsx?$/.test(path);

/** module → name → the files (relative) that import it. */
const uses = new Map<string, Map<string, { file: string; use: Use }[]>>();
for (const file of ['apps', 'libs', 'scripts', 'test'].flatMap((dir) => filesUnder(join(root, dir)))) {
  const path = relative(root, file);
  const source = readFileSync(file, 'utf8');
  const statements = [
    ...source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'#pie\/([a-z-]+)'/g),
    ...source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'#pie\/([a-z-]+)'/g),
    ...source.matchAll(/\{([^}]*)\}\s*=\s*await\s+import\('#pie\/([a-z-]+)'\)/g),
  ];
  for (const [, list, module] of statements) {
    // A module's own files never import it by '#pie/<m>'; a hit there would be a cycle dependency-cruiser refuses.
    const byModule = uses.get(module) ?? new Map<string, { file: string; use: Use }[]>();
    uses.set(module, byModule);
    for (const part of list.split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]?.trim();
      if (!name) continue;
      byModule.set(name, [...(byModule.get(name) ?? []), { file: path, use: isTestOrScript(path) ? 'test-or-script' : 'production' }]);
    }
  }
}

let misplaced = 0;
for (const module of readdirSync(join(root, 'libs')).sort()) {
  if (!checked(module)) continue;
  const index = join(root, 'libs', module, 'src', 'index.ts');
  try {
    statSync(index);
  } catch {
    continue;
  }
  const names = [...new Set(exportsOf(index))].sort();
  const testOnly: string[] = [];
  const unused: string[] = [];
  for (const name of names) {
    const found = uses.get(module)?.get(name) ?? [];
    if (found.some((use) => use.use === 'production')) continue;
    (found.length > 0 ? testOnly : unused).push(name);
  }
  misplaced += testOnly.length + unused.length;
  if (json) {
    console.log(JSON.stringify({ module, testOnly, unused }));
    continue;
  }
  console.log(`${module}: ${names.length} exported, ${names.length - testOnly.length - unused.length} used by other modules or the apps`);
  if (testOnly.length > 0) console.log(`  only tests/scripts: ${testOnly.join(', ')}`);
  if (unused.length > 0) console.log(`  nobody: ${unused.join(', ')}`);
}
process.exitCode = misplaced > 0 ? 1 : 0;
