import { regexes } from 'zod';
import { describe, expect, it } from 'vitest';
import { checkContact, CONTACT_FIELDS, EMAIL_PATTERN, parseContactContext } from './contact-schema';
import { parseContact } from './contact-schema.server';
import { VALID_INQUIRY } from '../../test/support/fixtures';

// The browser checks the contact form with plain code (checkContact), the server with its zod schema
// (parseContact), which decides. A visitor must see in the browser exactly what the server would
// say: the same verdict, the same first message per field, the same cleaned values.

const valid = VALID_INQUIRY;

/** Values that reach each rule's edge: types, lengths, controls, separators, addresses. */
const SAMPLES: unknown[] = [
  undefined,
  null,
  true,
  0,
  6095550100,
  [],
  ['Jane'],
  {},
  { $gt: '' },
  '',
  ' ',
  '   ',
  'a',
  'Jane',
  ' Jane ',
  'Ja\nne',
  'Do\re',
  '609\t555 0100',
  'Jane\u0000',
  'Doe\u001b[31m',
  'Doe\u202egpj.exe',
  'Jane\u2028Doe',
  'Hello there\u0007, about carts',
  'Line one\nline two, with a tab\tand more',
  '   Hi there   ',
  'Too short',
  'Exactly ten',
  '555-0100',
  '6095550100',
  '(609) 555-0100',
  'A'.repeat(100),
  'A'.repeat(101),
  ` ${'A'.repeat(100)} `,
  '6'.repeat(40),
  '6'.repeat(41),
  'm'.repeat(5000),
  'm'.repeat(5001),
  'jane@',
  'jane.doe.example.com',
  'jane@example.com',
  ' jane@example.com ',
  'jane.doe+carts@shore-golf.example',
  "o'brien@example.ie",
  '.jane@example.com',
  'jane..doe@example.com',
  'jane@example',
  'jane@-example.com',
  'jane@example.c',
  `${'j'.repeat(242)}@example.com`,
  `${'j'.repeat(243)}@example.com`,
  'jane@example.com\r\nBcc: evil@attacker.example',
  'jane@example.com, evil@attacker.example',
  '"Jane" <evil@attacker.example>',
  'JANE@EXAMPLE.COM',
  'sales',
  'service',
  'parts',
  'general',
  'Sales',
  'financing',
];

describe('checkContact (the browser) and parseContact (the server)', () => {
  it('use the same email pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
  });

  it('agree on every field for every sample value: verdict, first message and cleaned value', () => {
    for (const field of CONTACT_FIELDS) {
      for (const value of SAMPLES) {
        const input: Record<string, unknown> = { ...valid, [field]: value };
        if (value === undefined) delete input[field];
        expect(checkContact(input), `${field} = ${JSON.stringify(value)}`).toEqual(parseContact(input));
      }
    }
  });

  it('agree when several fields are wrong at once, and on what is not a form at all', () => {
    for (const input of [
      {},
      { firstName: ' ', email: 'x', message: 'short', extra: 'ignored' },
      { ...valid, id: 'client-id', createdAt: 'yesterday' },
      null,
      'text',
      [valid],
      42,
    ]) {
      expect(checkContact(input), JSON.stringify(input)).toEqual(parseContact(input));
    }
  });
});

describe('parseContactContext', () => {
  it('keeps clean context values, trimmed, and drops what does not fit', () => {
    expect(parseContactContext({ topic: ' rental ', plan: '6-seater-weekly', vehicle: 'x'.repeat(121) })).toEqual({ topic: 'rental', plan: '6-seater-weekly' });
    expect(parseContactContext({ topic: 'a\nb', plan: '', vehicle: 42 })).toEqual({});
    expect(parseContactContext(null)).toEqual({});
  });
});
