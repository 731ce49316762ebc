// The monitoring rules' registry, written from the rule files themselves (docs/decisions/047): each
// file of src/server/modules/compliance/rules/ (not index.ts, not a test) is one rule, exporting its
// metadata (`export const meta = defineRuleMeta({...})`) and its check (`export const rule`). This
// writes two modules that are not committed (.gitignore):
// - src/shared/compliance-rules/rules.gen.ts: every rule's metadata, copied as written, for what may
//   not import the server (the web's desk and Settings form, the contracts, the database schema);
// - src/server/modules/compliance/rules/registry.gen.ts: every rule's check, imported.
// Both list the rules by their `position`. A file is rewritten only when its text changes. Run by
// whatever loads the rules: vite.config.ts, vitest.config.ts, drizzle.config.ts, scripts/dev.mjs,
// scripts/start.mjs and scripts/build-server.mjs, npm's prepare, typecheck and server scripts;
// by hand: `node scripts/compliance-rules.mjs`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '..');
export const RULES_DIR = 'src/server/modules/compliance/rules';
const SHARED_OUT = 'src/shared/compliance-rules/rules.gen.ts';
const SERVER_OUT = `${RULES_DIR}/registry.gen.ts`;
/** What a rule's metadata may use besides literals: the helpers this module exports. */
const META_MODULE = '#shared/compliance-rules/rule.js';

/** The files of the rules folder that are rules: all .ts files but index.ts, the tests and what this writes. */
export function ruleFiles(dir = path.join(root, RULES_DIR)) {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.gen.ts') && file !== 'index.ts')
    .sort();
}

/**
 * The metadata of one rule file: its id, position, the text of its `defineRuleMeta` argument and
 * the helpers of META_MODULE it uses. Throws, naming the file and line, when the file does not
 * declare it the way the copy needs (a literal, using nothing else from the file or its imports).
 */
export function ruleMetaOf(ts, fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const fail = (node, message) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    throw new Error(`${fileName}:${line + 1}: ${message} (docs/decisions/047, CONTRIBUTING.md "Adding a monitoring rule")`);
  };
  const helpers = new Set();
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && statement.moduleSpecifier.text === META_MODULE) {
      for (const element of statement.importClause?.namedBindings?.elements ?? []) if (!element.isTypeOnly) helpers.add(element.name.text);
    }
  }
  let call;
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === 'meta') call = declaration.initializer;
    }
  }
  if (!call) fail(file, 'a rule file exports its metadata: `export const meta = defineRuleMeta({...})`');
  if (!ts.isCallExpression(call) || call.expression.getText(file) !== 'defineRuleMeta' || !ts.isObjectLiteralExpression(call.arguments[0]))
    fail(call, '`meta` is `defineRuleMeta({...})` with the object written out');
  const literal = call.arguments[0];
  const visit = (node) => {
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const isName = (ts.isPropertyAssignment(parent) || ts.isPropertyAccessExpression(parent)) && parent.name === node;
      if (!isName && !helpers.has(node.text))
        fail(
          node,
          `the metadata is copied for the web as written: \`${node.text}\` must be a literal or a helper imported from ${META_MODULE}`,
        );
      if (!isName) used.add(node.text);
    } else if (ts.isShorthandPropertyAssignment(node) || ts.isSpreadAssignment(node)) {
      fail(node, 'write each property of the metadata out (`key: value`)');
    }
    ts.forEachChild(node, visit);
  };
  const used = new Set();
  ts.forEachChild(literal, visit);
  const property = (name) =>
    literal.properties.find((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name)?.initializer;
  const id = property('id');
  if (!id || !ts.isStringLiteral(id)) fail(literal, '`id` is a string literal');
  const position = property('position');
  if (!position || !ts.isNumericLiteral(position)) fail(literal, '`position` is a number');
  const expected = `${id.text.replaceAll('_', '-')}.ts`;
  if (path.basename(fileName) !== expected) fail(id, `the rule ${id.text} is the file ${expected}`);
  return { id: id.text, position: Number(position.text), text: literal.getText(file), helpers: [...used].sort() };
}

/** The two modules' text for these rules (each `{ file, id, position, text, helpers }`). */
export function registryTexts(metas) {
  const sorted = [...metas].sort((a, b) => a.position - b.position);
  const twice = (key) => sorted.find((meta, i) => sorted.findIndex((other) => other[key] === meta[key]) !== i);
  const repeated = twice('id') ?? twice('position');
  if (repeated) throw new Error(`Two monitoring rules have the id or position of ${repeated.file} (docs/decisions/047)`);
  const helpers = [...new Set(['defineRuleMeta', ...sorted.flatMap((meta) => meta.helpers)])].sort();
  const note = (what) =>
    `// Written by scripts/compliance-rules.mjs from ${RULES_DIR}/*.ts (docs/decisions/047): ${what}.\n// Not committed and not to be edited: change the rule's own file.\n`;
  const shared =
    `${note("every rule's metadata, by position")}import { ${helpers.join(', ')} } from './rule.js';\n\n` +
    `export const RULE_METAS = [\n${sorted.map((meta) => `  // ${meta.file}\n  defineRuleMeta(${meta.text}),\n`).join('')}] as const;\n`;
  const name = (meta) => meta.id.replace(/_(\w)/g, (_, letter) => letter.toUpperCase());
  const server =
    `${note("every rule's check, by position")}${sorted.map((meta) => `import { rule as ${name(meta)} } from './${meta.file.replace(/\.ts$/, '.js')}';\n`).join('')}\n` +
    `export const RULES = [${sorted.map(name).join(', ')}] as const;\n`;
  return { shared, server };
}

function writeIfChanged(relative, text) {
  const target = path.join(root, relative);
  if (existsSync(target) && readFileSync(target, 'utf8') === text) return false;
  writeFileSync(target, text);
  return true;
}

/**
 * Writes both modules from the rule files; true when either changed. Synchronous, so that a
 * configuration loaded as CommonJS (drizzle-kit's) can call it before it reads the schema.
 */
export function writeRuleRegistry() {
  // TypeScript's parser, loaded only here: a deployment that was built already runs without it.
  const ts = createRequire(self)('typescript');
  const dir = path.join(root, RULES_DIR);
  const metas = ruleFiles(dir).map((file) => ({
    file,
    ...ruleMetaOf(ts, `${RULES_DIR}/${file}`, readFileSync(path.join(dir, file), 'utf8')),
  }));
  const { shared, server } = registryTexts(metas);
  const changed = [writeIfChanged(SHARED_OUT, shared), writeIfChanged(SERVER_OUT, server)];
  return changed.some(Boolean);
}

// node scripts/compliance-rules.mjs
if (process.argv[1] === self) {
  try {
    if (writeRuleRegistry()) console.log(`Monitoring rules registry written (${SHARED_OUT}, ${SERVER_OUT})`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
