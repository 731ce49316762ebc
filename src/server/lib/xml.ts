/**
 * A tiny XML writer for the goAML reports (docs/decisions/077-goaml-export.md): elements in the
 * order given, text escaped, nothing else. No attributes are needed by goAML's report elements.
 */

/** Whether XML 1.0 allows the code point at all (tab, line feed, carriage return and the rest; no other control character, no lone surrogate, no U+FFFE/U+FFFF). */
const isXmlChar = (code: number) =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data: the five special characters as entities, characters XML forbids dropped. */
export function escapeXml(text: string): string {
  let allowed = '';
  // By code point: a surrogate pair is one character, a lone surrogate is dropped.
  for (const char of text) if (isXmlChar(char.codePointAt(0)!)) allowed += char;
  return allowed.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** An element: a name and either its text or its children. A child that is null or undefined is left out (an optional element without a value). */
export type TXmlNode = { name: string; text: string } | { name: string; children: (TXmlNode | null | undefined)[] };

export const el = (name: string, content: string | (TXmlNode | null | undefined)[]): TXmlNode =>
  typeof content === 'string' ? { name, text: content } : { name, children: content };

/** An optional element: left out when its value is null, undefined or blank. */
export const optionalEl = (name: string, value: string | null | undefined): TXmlNode | null =>
  value === null || value === undefined || value.trim() === '' ? null : { name, text: value };

function write(node: TXmlNode, depth: number, out: string[]): void {
  const indent = '  '.repeat(depth);
  if ('text' in node) {
    out.push(`${indent}<${node.name}>${escapeXml(node.text)}</${node.name}>`);
    return;
  }
  const children = node.children.filter((child): child is TXmlNode => child !== null && child !== undefined);
  if (children.length === 0) {
    out.push(`${indent}<${node.name}/>`);
    return;
  }
  out.push(`${indent}<${node.name}>`);
  for (const child of children) write(child, depth + 1, out);
  out.push(`${indent}</${node.name}>`);
}

/** The document: the XML declaration (UTF-8) and the root element, indented, lines ending in LF. */
export function xmlDocument(root: TXmlNode): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, out);
  return `${out.join('\n')}\n`;
}
