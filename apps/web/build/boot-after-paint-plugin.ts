import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Where the built index.html lists the app's code for its boot script (index.html's inline script). */
export const BOOT_MODULES_ID = 'boot-modules';

/** What the boot script loads once the page has painted: the entry and the modules it imports. */
export interface BootModules {
  entry: string;
  preload: string[];
  /** Stylesheets to fetch with them (the api adds a route's, for a page it draws itself). */
  styles: string[];
}

/**
 * The page paints before the app's code runs or its stylesheet is applied (issue 31, issue 29
 * item 14: Lighthouse ≥ 95 on a phone). What the HTML shows first (the header frame, the first
 * screen the api draws for /open-books) is styled inline, so:
 * - the app's stylesheet loads without blocking the paint (`media="print"` until it has loaded,
 *   then all media: the boot script in index.html and main.tsx switch it; the app renders only
 *   once it applies);
 * - the app's entry and the modules it imports are not in the HTML: index.html's boot script asks
 *   for them once the first frame is painted, from the list this plugin writes (a JSON element).
 *   Their download and start-up then never hold the first paint, nor add a long task before it.
 */
export function bootAfterPaintPlugin(): Plugin {
  return {
    name: 'pie-boot-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return bootAfterPaint(html, bootSteps(context.bundle ?? {}));
      },
    },
  };
}

/** Where main.tsx's start-up steps are (each a module it imports in a task of its own). */
const BOOT_STEP = /[\\/]src[\\/]app[\\/]boot-[\w-]+\.tsx?$/;

/**
 * The chunks of main.tsx's start-up steps and everything they import, as addresses: fetched with
 * the entry (not once the entry has run and asked for them, a round trip later).
 */
export function bootSteps(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) return [];
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const add = (file: string) => {
    if (files.has(file) || file === entry.fileName) return;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) add(imported);
  };
  for (const file of entry.dynamicImports) if (BOOT_STEP.test(byFile.get(file)?.facadeModuleId ?? '')) add(file);
  return [...files].map((file) => `/${file}`);
}

/** The built index.html with its entry script and module preloads moved into the boot list, its stylesheet non-blocking. */
export function bootAfterPaint(html: string, steps: readonly string[] = []): string {
  const modules: BootModules = { entry: '', preload: [], styles: [] };
  let rewritten = html.replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
    if (modules.entry) throw new Error('boot-after-paint: index.html has more than one entry script');
    modules.entry = src;
    return '';
  });
  rewritten = rewritten.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
    modules.preload.push(href);
    return '';
  });
  let stylesheets = 0;
  rewritten = rewritten.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
    stylesheets++;
    return `<link rel="stylesheet" crossorigin href="${href}" media="print" data-app-styles>`;
  });
  for (const file of steps) if (!modules.preload.includes(file)) modules.preload.push(file);
  if (!modules.entry) throw new Error('boot-after-paint: no entry script in index.html');
  if (stylesheets > 1) throw new Error('boot-after-paint: index.html has more than one stylesheet');
  const list = `<script type="application/json" id="${BOOT_MODULES_ID}">${JSON.stringify(modules)}</script>`;
  return rewritten.replace('</head>', () => `  ${list}\n  </head>`);
}
