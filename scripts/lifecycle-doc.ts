// Rewrites the move table in docs/order-lifecycle.md from the code (contract/src/order-states.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { lifecycleTableMarkdown } from '../contract/src/order-states';
import { returnsTableMarkdown } from '../contract/src/returns';

const file = new URL('../docs/order-lifecycle.md', import.meta.url);
const doc = readFileSync(file, 'utf8');
const start = doc.indexOf('<!-- moves:start -->') + '<!-- moves:start -->'.length;
const end = doc.indexOf('<!-- moves:end -->');
let next = `${doc.slice(0, start)}\n${lifecycleTableMarkdown()}\n${doc.slice(end)}`;
const returnsStart = next.indexOf('<!-- returns:start -->') + '<!-- returns:start -->'.length;
const returnsEnd = next.indexOf('<!-- returns:end -->');
if (returnsEnd > 0) {
  next = `${next.slice(0, returnsStart)}\n${returnsTableMarkdown()}\n${next.slice(returnsEnd)}`;
}
writeFileSync(file, next);
console.log('docs/order-lifecycle.md: move table updated');
