import axe from 'axe-core';

/**
 * Axe's violations on the whole rendered page (a dialog's landmarks count against the page's own),
 * summarised as in the e2e suite's web-shell helper. jsdom lays nothing out, so the rules that need
 * a layout (colour contrast, and whatever axe cannot decide without one) are the e2e suite's to check.
 */
export async function axeViolations(): Promise<string[]> {
  // The page's language, as index.html declares it (jsdom's blank document has none).
  document.documentElement.lang = 'en';
  const results = await axe.run(document, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}
