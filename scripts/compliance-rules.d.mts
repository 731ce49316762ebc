// Types of scripts/compliance-rules.mjs for the TypeScript files that import it (the configurations, its test).
import type ts from 'typescript';

export const RULES_DIR: string;
export type TRuleMetaText = { id: string; position: number; text: string; helpers: string[] };
export function ruleFiles(dir?: string): string[];
export function ruleMetaOf(typescript: typeof ts, fileName: string, source: string): TRuleMetaText;
export function registryTexts(metas: (TRuleMetaText & { file: string })[]): { shared: string; server: string };
export function writeRuleRegistry(): boolean;
