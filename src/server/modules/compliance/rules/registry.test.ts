import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ALERT_RULES, RULE_METAS } from '#shared/compliance-rules/index.js';
import { registryTexts, ruleFiles, ruleMetaOf } from '../../../../../scripts/compliance-rules.mjs';
import { RULES } from './registry.gen.js';

/** The registry written from the rule files (scripts/compliance-rules.mjs, docs/decisions/047). */
describe('the monitoring rules registry written from the rule files', () => {
  it('has every rule file once, its metadata and its check in the order of their positions', () => {
    expect(ruleFiles()).toEqual(ALERT_RULES.map((id) => `${id.replaceAll('_', '-')}.ts`).sort());
    expect(RULES.map((rule) => rule.meta)).toEqual(RULE_METAS);
    const positions = RULE_METAS.map((meta) => meta.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // The seven of docs/decisions/041 keep the order the desk and the Settings form always listed them in.
    const seven = ['large_order', 'daily_volume', 'structuring', 'shared_account', 'name_mismatch', 'reused_image', 'overdue_case'];
    expect(ALERT_RULES.filter((id) => seven.includes(id))).toEqual(seven);
  });

  const file = (meta: string, imports = '') => `${imports}import { defineRule } from '../monitoring.js';\n\nexport const meta = ${meta};\n`;
  const metaOf =
    (source: string, name = 'src/server/modules/compliance/rules/tiny-rule.ts') =>
    () =>
      ruleMetaOf(ts, name, source);

  it('copies the metadata as written, and the helpers of rule.ts it calls', () => {
    const literal = "{ id: 'tiny_rule', position: 85, label: 'Tiny', settings: [], details: [{ key: 'n', label: helper('N') }] }";
    const imports = "import { defineRuleMeta, helper, type TRuleMeta } from '#shared/compliance-rules/rule.js';\n";
    expect(metaOf(file(`defineRuleMeta(${literal})`, imports))()).toEqual({
      id: 'tiny_rule',
      position: 85,
      text: literal,
      helpers: ['helper'],
    });
  });

  it('refuses metadata that names anything of its file or another module, or is not written out', () => {
    const name = "id: 'tiny_rule', position: 85";
    expect(metaOf(file(`defineRuleMeta({ ${name}, label: LABEL })`))).toThrow(/tiny-rule\.ts:3: .*`LABEL` must be a literal/);
    expect(metaOf(file(`defineRuleMeta({ ${name}, ...more })`))).toThrow(/write each property/);
    expect(metaOf(file(`defineRuleMeta(META)`))).toThrow(/with the object written out/);
    expect(metaOf('export const rule = defineRule({});\n')).toThrow(/exports its metadata/);
    expect(metaOf(file(`defineRuleMeta({ id: 'tiny_rule', label: 'x' })`))).toThrow(/`position` is a number/);
    expect(metaOf(file(`defineRuleMeta({ ${name} })`), 'rules/other-name.ts')).toThrow(/the rule tiny_rule is the file tiny-rule\.ts/);
  });

  it('refuses two rules with one position', () => {
    const rule = (id: string, position: number) => ({ file: `${id}.ts`, id, position, text: '{}', helpers: [] });
    expect(() => registryTexts([rule('a', 10), rule('b', 10)])).toThrow(/position of b\.ts/);
    expect(registryTexts([rule('b', 20), rule('a', 10)]).server).toContain('export const RULES = [a, b] as const;');
  });

  it('leaves no rule file out of what it copies', () => {
    const dir = path.join(import.meta.dirname);
    for (const name of ruleFiles(dir))
      expect(readFileSync(path.join(dir, name), 'utf8')).toMatch(/^export const meta = defineRuleMeta\(\{$/m);
  });
});
