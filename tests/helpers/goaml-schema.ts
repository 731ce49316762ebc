/**
 * A structure check of goAML report XML (docs/decisions/077-goaml-export.md): a small XML reader
 * (well-formedness, entities) and the content models of the goAML Schema 5.0.2 `report` element
 * and the types our reports use, transcribed from the XSD's sequences and choices (element order,
 * what is required, what repeats) with the simple types' limits we rely on. No XSD validator is in
 * node_modules; this checks the same order and cardinality for the elements below. Elements whose
 * type is not listed here are refused, so a new element must be added from the XSD first.
 *
 * Simplifications, each stated: `transmode_comment` is optional here (one FIU's 5.0.2 variant
 * makes it a required one-character field; the UNODC schema has it optional), and the `t_account`
 * and `t_person_registration_in_report` models list the optional elements up to the last one we
 * write (those after it are all optional in the XSD).
 */

export type TXmlElement = { name: string; children: TXmlElement[]; text: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    const value = ENTITIES[name];
    if (value === undefined) throw new Error(`unknown entity ${whole}`);
    return value;
  });
}

/** Parses the document (declaration, one root, elements and text; no attributes, comments or CDATA are written by the exporter). */
export function parseXml(xml: string): TXmlElement {
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) throw new Error('no XML declaration');
  const body = xml.slice(xml.indexOf('?>') + 2);
  if (/&(?!(#x[0-9a-fA-F]+|#\d+|[a-z]+);)/.test(body)) throw new Error('a bare & in the document');
  const stack: TXmlElement[] = [{ name: '#document', children: [], text: '' }];
  const token = /<(\/?)([A-Za-z_][\w.-]*)\s*(\/?)>|([^<]+)|(<)/g;
  for (let match = token.exec(body); match; match = token.exec(body)) {
    const [, closing, name, selfClosing, text, stray] = match;
    const top = stack[stack.length - 1]!;
    if (stray) throw new Error(`a stray < at ${match.index}`);
    if (text !== undefined) {
      if (text.includes('>')) throw new Error(`a bare > in text at ${match.index}`);
      if (stack.length === 1 && text.trim() !== '') throw new Error('text outside the root');
      top.text += decode(text);
    } else if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
    } else {
      const element: TXmlElement = { name: name!, children: [], text: '' };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]!.name}> is not closed`);
  const [root, ...more] = stack[0]!.children;
  if (!root || more.length > 0) throw new Error('a document has one root element');
  return root;
}

/*
 * Content models as regular expressions over the children's names, each followed by a space:
 * `(a )` one, `(a )?` optional, `(a )+` one or more, `(a |b )` a choice.
 */
const one = (name: string) => `(${name} )`;
const opt = (name: string) => `(${name} )?`;
const choice = (...names: string[]) => `(${names.map((name) => `${name} `).join('|')})`;

const T_ACCOUNT = [
  opt('institution_name'),
  choice('institution_code', 'swift'),
  opt('institution_country'),
  opt('non_bank_institution'),
  opt('collection_account'),
  opt('branch'),
  opt('account_category'),
  one('account'),
  opt('currency_code'),
  opt('account_funds'),
  one('account_name'),
  opt('iban'),
  opt('client_number'),
].join('');

const party = (side: 'from' | 'to') =>
  [
    one(`${side}_funds_code`),
    opt(`${side}_funds_comment`),
    opt(`${side}_transaction_additional_info`),
    opt(`${side}_foreign_currency`),
    ...(side === 'from' ? [opt('conductor_is_suspected'), opt('t_conductor')] : []),
    opt(`${side}_is_suspected`),
    choice(`${side}_account`, `${side}_person`, `${side}_entity`),
    one(`${side}_country`),
  ].join('');

const MODELS: Record<string, string> = {
  report: [
    opt('schema_version'),
    one('rentity_id'),
    opt('rentity_branch'),
    one('submission_code'),
    one('report_code'),
    one('entity_reference'),
    opt('fiu_ref_number'),
    opt('prev_rejected_ref_number'),
    choice('submission_date', 'report_date'),
    one('currency_code_local'),
    `${choice('reporting_person', 'reporting_user_code')}?`,
    opt('location'),
    opt('reason'),
    opt('action'),
    `((transaction )+(activity )?|activity )`,
    one('report_indicators'),
    opt('additional_information'),
  ].join(''),
  transaction: [
    one('transactionnumber'),
    opt('transaction_is_suspicious'),
    opt('internal_ref_number'),
    opt('agent_name'),
    one('transaction_location'),
    opt('transaction_address'),
    one('transaction_description'),
    one('date_transaction'),
    opt('teller'),
    opt('authorized'),
    '(late_deposit (date_posting )?)?',
    opt('value_date'),
    opt('transaction_type_code'),
    one('transmode_code'),
    opt('transmode_comment'),
    one('amount_local'),
    opt('transaction_status'),
    `(involved_parties |${choice('t_from_my_client', 't_from')}${choice('t_to_my_client', 't_to')})`,
    opt('goods_services'),
    opt('comments'),
  ].join(''),
  t_from: party('from'),
  t_to: party('to'),
  from_account: T_ACCOUNT,
  to_account: T_ACCOUNT,
  reporting_person: [
    opt('gender'),
    opt('title'),
    one('first_name'),
    opt('middle_name'),
    opt('prefix'),
    one('last_name'),
    opt('birthdate'),
    opt('birth_place'),
    opt('mothers_name'),
    opt('alias'),
    opt('ssn'),
    '(passport_number passport_country )?',
    opt('id_number'),
    opt('nationality1'),
    opt('nationality2'),
    opt('nationality3'),
    opt('residence'),
    opt('phones'),
    opt('addresses'),
    '(email ){0,5}',
    opt('occupation'),
  ].join(''),
  report_indicators: '(indicator )+',
};

/** Simple types: the XSD's restrictions on the text elements our reports write. */
const NAME = /^[a-zA-Z0-9 .'-]*$/;
const SQL_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const SIMPLE: Record<string, (text: string) => string | null> = {
  rentity_id: (text) => (/^[1-9]\d*$/.test(text) && Number(text) <= 2_147_483_647 ? null : 'an int of at least 1'),
  submission_code: (text) => (['E', 'M'].includes(text) ? null : 'E or M'),
  report_code: (text) => (/^[A-Z]{2,5}$/.test(text) ? null : 'a report type code'),
  entity_reference: (text) => (text.length <= 255 ? null : 'at most 255 characters'),
  submission_date: (text) => (SQL_DATE.test(text) ? null : 'an sql_date'),
  date_transaction: (text) => (SQL_DATE.test(text) ? null : 'an sql_date'),
  currency_code_local: (text) => (/^[A-Z]{3}$/.test(text) ? null : 'a currency code'),
  currency_code: (text) => (/^[A-Z]{3}$/.test(text) ? null : 'a currency code'),
  first_name: (text) => (text.length >= 1 && text.length <= 100 && NAME.test(text) ? null : 'a goAML name'),
  last_name: (text) => (text.length >= 1 && text.length <= 100 && NAME.test(text) ? null : 'a goAML name'),
  account_name: (text) => (text.length >= 1 && text.length <= 255 && NAME.test(text) ? null : 'a goAML name'),
  email: (text) => (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text) ? null : 'an email address'),
  transactionnumber: (text) => (text.length >= 1 && text.length <= 100 ? null : '1 to 100 characters'),
  internal_ref_number: (text) => (text.length >= 1 && text.length <= 100 ? null : '1 to 100 characters'),
  transaction_location: (text) => (text.length <= 255 ? null : 'at most 255 characters'),
  transaction_description: (text) => (text.length <= 8000 ? null : 'at most 8000 characters'),
  reason: (text) => (text.length <= 8000 ? null : 'at most 8000 characters'),
  action: (text) => (text.length <= 8000 ? null : 'at most 8000 characters'),
  amount_local: (text) => (/^\d{1,16}(\.\d{1,13})?$/.test(text) ? null : 'an sql_decimal'),
  from_funds_comment: (text) => (text.length <= 255 ? null : 'at most 255 characters'),
  to_funds_comment: (text) => (text.length <= 255 ? null : 'at most 255 characters'),
  institution_name: (text) => (text.length >= 1 && text.length <= 255 ? null : '1 to 255 characters'),
  institution_code: (text) => (text.length >= 1 && text.length <= 50 ? null : '1 to 50 characters'),
  account: (text) => (text.length >= 1 && text.length <= 255 ? null : '1 to 255 characters'),
  non_bank_institution: (text) => (['true', 'false', '1', '0'].includes(text) ? null : 'a boolean'),
  from_country: (text) => (/^([A-Z]{2}|-)$/.test(text) ? null : 'a country code'),
  to_country: (text) => (/^([A-Z]{2}|-)$/.test(text) ? null : 'a country code'),
  from_funds_code: (text) => (/^[A-Z]{1,5}$/.test(text) ? null : 'a funds code'),
  to_funds_code: (text) => (/^[A-Z]{1,5}$/.test(text) ? null : 'a funds code'),
  transmode_code: (text) => (/^([A-Z]{1,5}|-)$/.test(text) ? null : 'a conduction code'),
  indicator: (text) => (/^[A-Z0-9_]{1,50}$/.test(text) ? null : 'an indicator code'),
  occupation: (text) => (text.length >= 1 && text.length <= 255 ? null : '1 to 255 characters'),
};

/** Every problem of the report's structure, as `path: what`; an empty list is a valid report. */
export function goamlProblems(root: TXmlElement): string[] {
  const problems: string[] = [];
  const visit = (element: TXmlElement, path: string) => {
    const model = MODELS[element.name];
    if (model !== undefined) {
      const names = element.children.map((child) => `${child.name} `).join('');
      if (!new RegExp(`^${model}$`).test(names))
        problems.push(`${path}: children ${names.trim() || '(none)'} do not match the schema's sequence`);
      if (element.text.trim() !== '') problems.push(`${path}: text in an element of children`);
      element.children.forEach((child, index) => visit(child, `${path}/${child.name}[${index}]`));
      return;
    }
    const simple = SIMPLE[element.name];
    if (simple === undefined) {
      problems.push(`${path}: no model for <${element.name}> in this check`);
      return;
    }
    if (element.children.length > 0) problems.push(`${path}: elements inside a text element`);
    const problem = simple(element.text);
    if (problem) problems.push(`${path}: "${element.text}" is not ${problem}`);
  };
  if (root.name !== 'report') problems.push(`the root is <${root.name}>, not <report>`);
  visit(root, root.name);
  return problems;
}

/** The text of the first element at `path` (names separated by '/'), or undefined. */
export function textAt(root: TXmlElement, path: string): string | undefined {
  let element: TXmlElement | undefined = root;
  for (const name of path.split('/')) element = element?.children.find((child) => child.name === name);
  return element?.text;
}
