import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';

// The production build keeps only the Bootstrap rules whose classes the web app's sources name (or
// its safelist matches). A class made at run time that the safelist misses would lose its styling
// there and nowhere else. This lists the classes of a live page that Bootstrap styles but that no
// rule of the page's stylesheets mentions any more.

const classNames = (css: string): Set<string> => new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!));

let bootstrapClasses: Set<string> | undefined;
function stylesOfBootstrap(): Set<string> {
  if (!bootstrapClasses) {
    const web = path.resolve(import.meta.dirname, '../../web');
    const file = createRequire(path.join(web, 'package.json')).resolve('bootstrap/dist/css/bootstrap.css');
    bootstrapClasses = classNames(fs.readFileSync(file, 'utf8'));
  }
  return bootstrapClasses;
}

/** Bootstrap classes used by the page (as it is now) that its stylesheets no longer style. */
export async function bootstrapClassesWithoutRules(page: Page): Promise<string[]> {
  const { used, styled } = await page.evaluate(() => {
    const used = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('[class]'))) {
      for (const name of (el.getAttribute('class') ?? '').split(/\s+/)) if (name) used.add(name);
    }
    const selectors: string[] = [];
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    return { used: [...used], styled: selectors.join('\n') };
  });
  const bootstrap = stylesOfBootstrap();
  const kept = classNames(styled);
  return used.filter((name) => bootstrap.has(name) && !kept.has(name)).sort();
}
