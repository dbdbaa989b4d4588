import { invalidField } from './errors.js';

/**
 * The first place in parsed input (Laravel-style name: `items.0.name`) whose text, or key, holds
 * a NUL character, or undefined. No legitimate text has one, and PostgreSQL cannot store it in a
 * text column (it fails the whole statement), so such input is refused before it reaches a query.
 * Walks with its own stack: a deeply nested body must not overflow the call stack.
 */
export function fieldWithNul(input: unknown, root = ''): string | undefined {
  const stack: [unknown, string][] = [[input, root]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || 'input';
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return path || 'input';
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

export function nulCharacterError(field: string) {
  const label = field.split('.').pop()?.replace(/_/g, ' ') ?? field;
  return invalidField(field, `The ${label} field contains a character that is not allowed.`);
}
