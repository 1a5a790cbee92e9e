import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of the web build's manifest (Vite's `build.manifest`, dist/web/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The `<link>` tags that fetch a route module's code and styles with the page (a module's static
 * imports, its styles, theirs), leaving out what index.html already fetches: without them the
 * browser asks for a route's code only once the app's own code has arrived and run. Empty when
 * the build has no manifest or no such module.
 */
export function routePreloadTags(webRoot: string, routeModule: string): string {
  const manifestPath = join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return '';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[routeModule]) return '';
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const shell = closure('index.html');
  const route = [...closure(routeModule)].filter((key) => !shell.has(key));
  const scripts = route.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
  // Fetched, not applied: applying would hold the first paint for styles the HTML's own markup does
  // not use; the route's code applies them (Vite's preload helper) from the cache.
  const styles = [...new Set(route.flatMap((key) => manifest[key]!.css ?? []))].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
  return [...scripts, ...styles].join('');
}
