// Rewrites the move table in docs/order-lifecycle.md from the code (contract/src/order-states.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { lifecycleTableMarkdown } from '../contract/src/order-states';

const file = new URL('../docs/order-lifecycle.md', import.meta.url);
const doc = readFileSync(file, 'utf8');
const start = doc.indexOf('<!-- moves:start -->') + '<!-- moves:start -->'.length;
const end = doc.indexOf('<!-- moves:end -->');
writeFileSync(file, `${doc.slice(0, start)}\n${lifecycleTableMarkdown()}\n${doc.slice(end)}`);
console.log('docs/order-lifecycle.md: move table updated');
