/**
 * The rules of a stylesheet that a piece of server-drawn HTML needs to paint: the page-wide ones
 * (selectors without a class: `:root`'s variables, `body`, `*`…, and the `@font-face`s) and those
 * whose every class is one the HTML uses. The api inlines them in the pages it draws itself
 * (/open-books), so their first paint waits for no stylesheet (issue 31: Lighthouse ≥ 95); the
 * whole stylesheet still loads, without holding the paint, and sets the same values.
 *
 * A small reader, for minified CSS as Vite writes it: rules, `@media`/`@supports`/`@layer`/
 * `@container` blocks (read inside), `@font-face` (kept), other at-rules with a block such as
 * `@keyframes` (left out: nothing drawn by the server animates), statements such as `@layer a, b;`
 * (kept). Strings and comments are stepped over.
 */
export function firstScreenStyles(css: string, html: string): string {
  const used = new Set([...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean)));
  return pick(css, used);
}

const NESTING_AT_RULES = /^@(media|supports|layer|container)\b/i;
/** The light scheme's rules: the page is dark (index.html's data-mantine-color-scheme) until the app says otherwise. */
const LIGHT_SCHEME = /data-mantine-color-scheme=["']?light/;

function pick(css: string, used: Set<string>): string {
  let kept = '';
  for (const part of topLevel(css)) {
    if (part.body === undefined) {
      if (part.prelude.startsWith('@')) kept += `${part.prelude};`;
      continue;
    }
    const prelude = part.prelude.trim();
    if (prelude.startsWith('@')) {
      if (/^@font-face\b/i.test(prelude)) kept += `${prelude}{${part.body}}`;
      else if (NESTING_AT_RULES.test(prelude)) {
        const inner = pick(part.body, used);
        if (inner) kept += `${prelude}{${inner}}`;
      }
      continue;
    }
    if (splitSelectors(prelude).some((selector) => needed(selector, used))) kept += `${prelude}{${part.body}}`;
  }
  return kept;
}

function needed(selector: string, used: Set<string>): boolean {
  if (LIGHT_SCHEME.test(selector)) return false;
  const classes = [...selector.replace(/\[[^\]]*\]/g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!);
  return classes.every((name) => used.has(name));
}

/** A selector list's selectors: split at the commas outside parentheses and brackets. */
function splitSelectors(prelude: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < prelude.length; index++) {
    const character = prelude[index];
    if (character === '(' || character === '[') depth++;
    else if (character === ')' || character === ']') depth--;
    else if (character === ',' && depth === 0) {
      selectors.push(prelude.slice(start, index));
      start = index + 1;
    }
  }
  selectors.push(prelude.slice(start));
  return selectors.map((selector) => selector.trim()).filter(Boolean);
}

/** The top-level parts of a stylesheet: a prelude and its block's inside, or a statement (no body). */
function topLevel(css: string): { prelude: string; body?: string }[] {
  const parts: { prelude: string; body?: string }[] = [];
  let index = 0;
  let start = 0;
  let depth = 0;
  let bodyStart = 0;
  let prelude = '';
  while (index < css.length) {
    const character = css[index]!;
    if (character === '/' && css[index + 1] === '*') {
      const end = css.indexOf('*/', index + 2);
      if (depth === 0) {
        // A comment between rules is no part of the next prelude.
        const before = css.slice(start, index);
        index = end === -1 ? css.length : end + 2;
        if (!before.trim()) start = index;
        continue;
      }
      index = end === -1 ? css.length : end + 2;
      continue;
    }
    if (character === '"' || character === "'") {
      index = endOfString(css, index);
      continue;
    }
    if (character === '{') {
      if (depth === 0) {
        prelude = css.slice(start, index).trim();
        bodyStart = index + 1;
      }
      depth++;
    } else if (character === '}') {
      depth--;
      if (depth === 0) {
        parts.push({ prelude, body: css.slice(bodyStart, index) });
        start = index + 1;
      }
    } else if (character === ';' && depth === 0) {
      const statement = css.slice(start, index).trim();
      if (statement) parts.push({ prelude: statement });
      start = index + 1;
    }
    index++;
  }
  return parts;
}

function endOfString(css: string, open: number): number {
  const quote = css[open];
  let index = open + 1;
  while (index < css.length && css[index] !== quote) index += css[index] === '\\' ? 2 : 1;
  return index + 1;
}
