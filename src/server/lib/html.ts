/**
 * HTML built by the `html` tagged template: every interpolated string or number is escaped, so a
 * name or a note someone typed can never become markup. Only what `html` itself built (or
 * `trustedHtml` marked, for the templates' own constants) goes in as it is.
 */
const RAW = Symbol('html');

export type TSafeHtml = { readonly [RAW]: string };
type THtmlValue = string | number | TSafeHtml | readonly TSafeHtml[];

export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

function isSafe(value: unknown): value is TSafeHtml {
  return typeof value === 'object' && value !== null && RAW in value;
}

function render(value: THtmlValue): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return escapeHtml(value);
  if (isSafe(value)) return value[RAW];
  return value.map(render).join('\n');
}

export function html(strings: TemplateStringsArray, ...values: THtmlValue[]): TSafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return { [RAW]: out };
}

/** Markup the code itself wrote (never anything a person typed), taken as it is. */
export function trustedHtml(markup: string): TSafeHtml {
  return { [RAW]: markup };
}

/** The finished markup. */
export function toHtmlString(value: TSafeHtml): string {
  return value[RAW];
}
