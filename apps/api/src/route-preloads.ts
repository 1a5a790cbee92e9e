import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of the web build's manifest (Vite's `build.manifest`, dist/web/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** A route module's code and styles, as addresses (`/assets/…`). */
export interface RouteAssets {
  modules: string[];
  styles: string[];
}

/**
 * What a route module needs beyond what index.html already lists (its static imports, its styles,
 * theirs): a page the api serves itself has the app fetch them with its own code, instead of only
 * once the app's code has arrived and run. Empty when the build has no manifest or no such module.
 */
export function routeAssets(webRoot: string, routeModule: string): RouteAssets {
  const manifestPath = join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { modules: [], styles: [] };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[routeModule]) return { modules: [], styles: [] };
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const shell = closure('index.html');
  const route = [...closure(routeModule)].filter((key) => !shell.has(key));
  return {
    modules: route.map((key) => `/${manifest[key]!.file}`),
    styles: [...new Set(route.flatMap((key) => manifest[key]!.css ?? []))].map((file) => `/${file}`),
  };
}
