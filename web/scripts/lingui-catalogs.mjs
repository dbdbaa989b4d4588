// Compiles the storefront's message catalogs (src/i18n/catalogs/<language>/<part>.json, ICU
// MessageFormat strings) into Lingui's compiled form, at build time: the browser then needs no
// message parser, only the app's small interpreter of that form (src/i18n/core.ts), which reads
// text, placeholders, plurals and selects; a message using any other kind fails the build.
import fs from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';

const CATALOG = /[\\/]src[\\/]i18n[\\/]catalogs[\\/](en|sw)[\\/][\w-]+\.json$/;

const READ_KINDS = new Set(['plural', 'select']);

/** The first kind of argument in compiled tokens the interpreter does not read (`{n, number}`...). */
function unreadKind(tokens) {
  for (const token of tokens) {
    if (typeof token === 'string' || token.length === 1) continue;
    const [, kind, cases] = token;
    if (!READ_KINDS.has(kind)) return kind;
    for (const value of Object.values(cases)) {
      const inner = Array.isArray(value) ? unreadKind(value) : undefined;
      if (inner) return inner;
    }
  }
  return undefined;
}

/** Every message of a catalog compiled; a message ICU cannot parse fails the build with its id. */
export function compileCatalog(source, file) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: "${id}" is not a string`);
    try {
      const tokens = compileMessage(message);
      const kind = unreadKind(tokens);
      if (kind) throw new Error(`it uses {${kind}}, which the storefront does not interpret`);
      // Plain text (most messages) is kept as a string, which the app returns as it is.
      compiled[id] = tokens.length === 1 && typeof tokens[0] === 'string' ? tokens[0] : tokens;
    } catch (err) {
      throw new Error(`${file}: "${id}" is not valid ICU MessageFormat (${err.message})`);
    }
  }
  return compiled;
}

/**
 * The Vite plugin: a catalog's JSON becomes a module exporting its compiled messages. It is
 * resolved to an id of its own (not ending in .json) so that Vite's JSON handling leaves it alone.
 */
export function linguiCatalogs() {
  const PREFIX = '\0lingui-catalog:';
  return {
    name: 'mtumba-lingui-catalogs',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('.json')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !CATALOG.test(resolved.id)) return null;
      return `${PREFIX}${resolved.id}.js`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -'.js'.length);
      this.addWatchFile(file);
      const source = fs.readFileSync(file, 'utf8');
      return { code: `export default ${JSON.stringify(compileCatalog(source, file))};`, map: null };
    },
  };
}
