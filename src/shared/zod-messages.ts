import { z } from 'zod';

/**
 * The product's words for a rule of a shared contract that has no message of its own
 * (docs/decisions/026): a length, a range, a format. Set once as zod's error map, so the forms
 * (the zod resolver) and the server (the route schemas, plugins/errors.ts) say the same thing
 * and no raw library text ("Too big: expected string to have <=200 characters") reaches a
 * person. A rule with its own message (MSG, ORDER_MSG, ...) keeps it: zod prefers it.
 */
export const FIELD_MSG = {
  required: 'This field is required.',
  tooLong: (max: number) => `Keep it to ${max} characters or fewer.`,
  tooShort: (min: number) => `Use at least ${min} characters.`,
  atMost: (max: number) => `Enter ${max} or less.`,
  lessThan: (max: number) => `Enter less than ${max}.`,
  atLeast: (min: number) => `Enter ${min} or more.`,
  moreThan: (min: number) => `Enter more than ${min}.`,
  tooManyItems: (max: number) => `Choose at most ${max}.`,
  tooFewItems: (min: number) => `Choose at least ${min}.`,
  fileTooLarge: 'The file is too large.',
  wholeNumber: 'Enter a whole number.',
  number: 'Enter a number.',
  email: 'A valid email is required.',
  url: 'Enter a valid web address, starting with https://.',
  format: 'This is not in the expected format. Please check it.',
  choice: 'Choose one of the options.',
  unknownField: (keys: readonly string[]) =>
    `The request has ${keys.length === 1 ? 'a field' : 'fields'} this form does not have: ${keys.join(', ')}.`,
  invalid: 'This value is not valid. Please check it.',
} as const;

type TIssue = z.core.$ZodRawIssue;

function limit(value: number | bigint): number {
  return Number(value);
}

/** The message for one issue of a rule that gave none (zod's `customError`). */
export function productMessage(issue: TIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return FIELD_MSG.required;
      if (issue.expected === 'int') return FIELD_MSG.wholeNumber;
      if (issue.expected === 'number' || issue.expected === 'bigint') return FIELD_MSG.number;
      return FIELD_MSG.invalid;
    case 'too_small': {
      const min = limit(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? FIELD_MSG.required : FIELD_MSG.tooShort(min);
      if (issue.origin === 'array' || issue.origin === 'set') return FIELD_MSG.tooFewItems(min);
      return issue.inclusive === false ? FIELD_MSG.moreThan(min) : FIELD_MSG.atLeast(min);
    }
    case 'too_big': {
      const max = limit(issue.maximum);
      if (issue.origin === 'string') return FIELD_MSG.tooLong(max);
      if (issue.origin === 'array' || issue.origin === 'set') return FIELD_MSG.tooManyItems(max);
      if (issue.origin === 'file') return FIELD_MSG.fileTooLarge;
      return issue.inclusive === false ? FIELD_MSG.lessThan(max) : FIELD_MSG.atMost(max);
    }
    case 'invalid_format':
      if (issue.format === 'email') return FIELD_MSG.email;
      if (issue.format === 'url') return FIELD_MSG.url;
      return FIELD_MSG.format;
    case 'not_multiple_of':
      return FIELD_MSG.invalid;
    case 'invalid_value':
      return FIELD_MSG.choice;
    case 'unrecognized_keys':
      return FIELD_MSG.unknownField(issue.keys);
    default:
      return FIELD_MSG.invalid;
  }
}

// Set once, for every schema of this zod, wherever the shared contracts are loaded (server and web).
z.config({ customError: productMessage });
