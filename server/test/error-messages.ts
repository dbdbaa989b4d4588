import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Every message the server can send in an error reply, read from the source (the i18n coverage
 * test, docs/architecture.md "i18n on the server"). It finds the calls of the helpers that build
 * error replies (`new DomainError(kind, message)`, `notFound(message)`, `invalidField(field,
 * message)`, …) and of every function that passes one of its own parameters on to such a helper
 * (`refuse(message)` → `invalidField('discount_code', message)`), and works out the message
 * argument: a literal, a constant (also from contract/), a template (each `${…}` becomes `{}`),
 * either branch of a `?:` or `??`, or what a called function returns. What it cannot work out is
 * listed as `unresolved` with its place, so the test can name it.
 */

export interface FoundMessages {
  /** English shapes with `{}` where a value goes */
  patterns: Set<string>;
  /** `file:line: expression` of message arguments that are not worked out */
  unresolved: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '..');

/** helper name → index of its message argument */
const BASE_HELPERS: Record<string, number> = {
  DomainError: 1,
  notFound: 0,
  forbidden: 0,
  unauthenticated: 0,
  conflict: 0,
  invalidField: 1,
  upstreamFailed: 0,
};

/** The helpers' default messages (a call without a message). */
const DEFAULTS = ['Not found.', 'Forbidden.', 'Unauthenticated.'];

type Piece = string[] | 'unresolved' | { param: ts.ParameterDeclaration };

const MAX_VARIANTS = 64;

export function findErrorMessages(): FoundMessages {
  const configPath = path.join(serverRoot, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, serverRoot);
  const files = parsed.fileNames.filter(
    (f) =>
      f.includes(`${path.sep}src${path.sep}`) && !/\.test\.ts$/.test(f) && !f.includes(`${path.sep}seed${path.sep}`),
  );
  const program = ts.createProgram(files, parsed.options);
  const checker = program.getTypeChecker();
  const sources = program
    .getSourceFiles()
    .filter((s) => files.includes(path.resolve(s.fileName)) || files.includes(s.fileName));

  const helpers = new Map<string, number>(Object.entries(BASE_HELPERS));
  const patterns = new Set<string>(DEFAULTS);
  const unresolved = new Set<string>();

  const where = (node: ts.Node) => {
    const sf = node.getSourceFile();
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(serverRoot, sf.fileName)}:${line + 1}: ${node.getText().slice(0, 80)}`;
  };

  function declarationOf(node: ts.Node): ts.Declaration | undefined {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  }

  function literalsOfType(node: ts.Expression): string[] | undefined {
    const type = checker.getTypeAtLocation(node);
    const parts = type.isUnion() ? type.types : [type];
    const out: string[] = [];
    for (const part of parts) {
      if (part.isStringLiteral()) out.push(part.value);
      else return undefined;
    }
    return out.length > 0 ? out : undefined;
  }

  function product(a: string[], b: string[]): string[] {
    const out: string[] = [];
    for (const x of a) for (const y of b) out.push(x + y);
    return out.slice(0, MAX_VARIANTS);
  }

  /** What a function returns: every `return` of its own body, or an arrow's expression. */
  function returnsOf(fn: ts.SignatureDeclaration, depth: number): Piece {
    const body = (fn as ts.FunctionLikeDeclarationBase).body;
    if (!body) return 'unresolved';
    if (!ts.isBlock(body)) return resolve(body, depth + 1, fn);
    const found: string[] = [];
    let bad = false;
    const visit = (n: ts.Node) => {
      if (ts.isFunctionLike(n) && n !== fn) return;
      if (ts.isReturnStatement(n) && n.expression) {
        const r = resolve(n.expression, depth + 1, fn);
        if (Array.isArray(r)) found.push(...r);
        else bad = true;
      }
      ts.forEachChild(n, visit);
    };
    ts.forEachChild(body, visit);
    return bad || found.length === 0 ? 'unresolved' : found;
  }

  /**
   * The English shapes an expression can have. `inside`: the function whose returns are being read
   * (its parameters are values: `{}`); at a helper's call site a parameter is reported instead.
   */
  function resolve(expr: ts.Expression, depth = 0, inside?: ts.SignatureDeclaration): Piece {
    if (depth > 12) return 'unresolved';
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
    if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isNonNullExpression(expr))
      return resolve(expr.expression, depth, inside);
    if (ts.isTemplateExpression(expr)) {
      let out = [expr.head.text];
      for (const span of expr.templateSpans) {
        const inner = resolve(span.expression, depth + 1, inside);
        const fill = Array.isArray(inner) && inner.length <= 4 ? inner : ['{}'];
        out = product(
          out,
          fill.map((f) => f + span.literal.text),
        );
      }
      return out;
    }
    if (ts.isConditionalExpression(expr)) return either(expr.whenTrue, expr.whenFalse, depth, inside);
    if (ts.isBinaryExpression(expr)) {
      const op = expr.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken)
        return either(expr.left, expr.right, depth, inside);
      if (op === ts.SyntaxKind.PlusToken) {
        const l = resolve(expr.left, depth + 1, inside);
        const r = resolve(expr.right, depth + 1, inside);
        return Array.isArray(l) && Array.isArray(r) ? product(l, r) : 'unresolved';
      }
    }
    const literal = literalsOfType(expr);
    if (literal) return literal;
    if (ts.isCallExpression(expr)) {
      const decl = declarationOf(
        ts.isPropertyAccessExpression(expr.expression) ? expr.expression.name : expr.expression,
      );
      const fn =
        decl && ts.isFunctionLike(decl)
          ? decl
          : decl &&
              (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl)) &&
              decl.initializer &&
              ts.isFunctionLike(decl.initializer)
            ? decl.initializer
            : undefined;
      return fn ? returnsOf(fn as ts.SignatureDeclaration, depth) : 'unresolved';
    }
    if (ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr) || ts.isElementAccessExpression(expr)) {
      const decl = declarationOf(ts.isElementAccessExpression(expr) ? expr.argumentExpression : expr);
      if (decl && ts.isParameter(decl)) {
        if (inside && decl.parent === inside) return ['{}'];
        if (inside) return ['{}'];
        return { param: decl };
      }
      if (decl && (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl)) && decl.initializer)
        return resolve(decl.initializer, depth + 1, inside);
      if (decl && ts.isBindingElement(decl)) return inside ? ['{}'] : 'unresolved';
      if (decl && ts.isShorthandPropertyAssignment(decl)) return 'unresolved';
      return inside ? ['{}'] : 'unresolved';
    }
    return inside ? ['{}'] : 'unresolved';
  }

  function either(a: ts.Expression, b: ts.Expression, depth: number, inside?: ts.SignatureDeclaration): Piece {
    const l = resolve(a, depth + 1, inside);
    const r = resolve(b, depth + 1, inside);
    if (Array.isArray(l) && Array.isArray(r)) return [...l, ...r];
    if (!Array.isArray(l)) return l;
    return r;
  }

  /** The name a call site uses for a function whose parameter it passes on. */
  function nameOfFunction(fn: ts.SignatureDeclaration): string | undefined {
    if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name) return fn.name.getText();
    const parent = fn.parent;
    if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) return parent.name.getText();
    return undefined;
  }

  let grew = true;
  while (grew) {
    grew = false;
    for (const sf of sources) {
      const visit = (node: ts.Node) => {
        let name: string | undefined;
        let args: readonly ts.Expression[] | undefined;
        if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
          const callee = node.expression;
          name = ts.isIdentifier(callee)
            ? callee.text
            : ts.isPropertyAccessExpression(callee)
              ? callee.name.text
              : undefined;
          args = node.arguments;
        }
        const index = name !== undefined ? helpers.get(name) : undefined;
        if (index !== undefined && args && !(name === 'DomainError' && !ts.isNewExpression(node))) {
          const arg = args[index];
          if (arg) {
            const found = resolve(arg);
            if (Array.isArray(found)) for (const p of found) patterns.add(p);
            else if (found === 'unresolved') unresolved.add(where(arg));
            else {
              const fn = found.param.parent;
              const fnName = nameOfFunction(fn);
              const at = fn.parameters.indexOf(found.param);
              if (fnName && !helpers.has(fnName)) {
                helpers.set(fnName, at);
                grew = true;
              } else if (!fnName) unresolved.add(where(arg));
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
  }
  // The validation messages of the shared schemas (contract/): the error handler sends a zod
  // issue's message as it is (`{ message, errors }`, 422).
  const contract = program.getSourceFiles().filter((s) => /[\\/]contract[\\/]src[\\/]/.test(s.fileName));
  const enclosing = (node: ts.Node): ts.SignatureDeclaration | undefined => {
    for (let n = node.parent; n; n = n.parent) if (ts.isFunctionLike(n)) return n;
    return undefined;
  };
  const addFrom = (arg: ts.Expression) => {
    const inside = enclosing(arg) ?? (arg as unknown as ts.SignatureDeclaration);
    let expr = arg;
    if (ts.isObjectLiteralExpression(arg)) {
      const prop = arg.properties.find(
        (p): p is ts.PropertyAssignment =>
          ts.isPropertyAssignment(p) && ['error', 'message'].includes(p.name.getText()),
      );
      if (!prop) return;
      expr = prop.initializer;
    } else if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) return;
    const found = resolve(expr, 0, inside);
    if (Array.isArray(found)) for (const p of found) if (/[a-z]/i.test(p) && p.includes(' ')) patterns.add(p);
  };
  for (const sf of contract) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        if (ZOD_CHECKS.has(method)) for (const arg of node.arguments) if (!ts.isNumericLiteral(arg)) addFrom(arg);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { patterns, unresolved: [...unresolved].sort() };
}

/** zod methods whose string or `{ error }` / `{ message }` argument is a validation message */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'refine',
  'superRefine',
  'regex',
  'email',
  'url',
  'int',
  'positive',
  'nonnegative',
  'gte',
  'lte',
  'gt',
  'lt',
  'multipleOf',
  'nonempty',
  'addIssue',
  'string',
  'number',
  'enum',
  'boolean',
  'array',
  'object',
  'check',
  'trim',
  'union',
  'iso',
  'datetime',
  'date',
  'uuid',
  'safe',
  'finite',
  'coerce',
  'union',
  'strictObject',
  'looseObject',
  'record',
]);
