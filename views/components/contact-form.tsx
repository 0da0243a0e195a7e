import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useActionData, useNavigation, useSubmit } from 'react-router';
import type { ContactFormState } from '../../src/contact/contact-form-state';
import { INTERESTS } from '../../src/contact/interest';
import {
  CONTACT_FIELDS,
  HONEYPOT_FIELD,
  FALLBACK_ERROR,
  INTEREST_LABELS,
  MAX_LENGTH,
  checkContact,
  type ContactContext,
  type ContactField,
  type ContactFieldErrors,
} from '../../src/contact/contact-schema';
import { LEAD_SOURCE_FIELDS, visitSource, type LeadSource } from '../../src/contact/lead-source';
import { useSiteStore } from '../state/site-store';
import { buttonClasses } from './button-styles';

export interface ContactFormProps {
  /** What the fields start with: empty, prefilled from a link, or what the visitor sent back. */
  initial: Record<ContactField, string>;
  /** The prefilled link's topic, plan and vehicle, sent along with the message. */
  context: ContactContext;
  /** This page and its campaign parameters: the lead source a form posted without JavaScript carries. */
  source: LeadSource;
  /** Messages from a submission the server did not accept (without JavaScript). */
  fieldErrors: ContactFieldErrors;
  formError: string | null;
}

const inputClasses = (invalid: boolean) =>
  `mt-1.5 block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm placeholder:text-ink-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
    invalid ? 'border-danger-600' : 'border-ink-300'
  }`;

/** Every field of the form as text, the same shape the HTML form posts. */
function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
  return values;
}

function Field({ name, label, error, children }: { name: ContactField; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={`contact-${name}`} className="block text-sm font-semibold text-ink-800">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`contact-${name}-error`} className="mt-1.5 text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The 'Send Us a Message' form. It is a plain HTML form that posts to /contact, so it works before
 * and without JavaScript; once hydrated it checks the fields with the server's own rules and sends
 * them through the contact route's action (which posts them to /api/contact), showing 'Sending...'
 * until the answer comes, and an Error toast with the server's words when it is not accepted.
 */
export function ContactForm({ initial, context, source, fieldErrors, formError }: ContactFormProps) {
  const submitForm = useSubmit();
  const sending = useNavigation().formAction === '/contact';
  const refused = useActionData() as ContactFormState | undefined;
  // A refusal the server rendered (a post without JavaScript) is on the page already; only a new one is announced.
  const [rendered] = useState(refused);
  const showToast = useSiteStore((state) => state.showToast);
  const [errors, setErrors] = useState<ContactFieldErrors>(fieldErrors);
  // After a first failed attempt, messages follow the visitor's corrections as they type.
  const [checkAsTyped, setCheckAsTyped] = useState(Object.keys(fieldErrors).length > 0);
  const formRef = useRef<HTMLFormElement>(null);

  const fieldProps = (name: ContactField) => {
    const error = errors[name]?.[0];
    return {
      id: `contact-${name}`,
      name,
      defaultValue: initial[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `contact-${name}-error` : undefined,
      className: inputClasses(Boolean(error)),
    };
  };

  function showErrors(found: ContactFieldErrors) {
    setErrors(found);
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#contact-${first}`)?.focus();
  }

  useEffect(() => {
    if (!refused || refused === rendered) return;
    if (Object.keys(refused.fieldErrors).length > 0) {
      setCheckAsTyped(true);
      showErrors(refused.fieldErrors);
    }
    showToast({ title: 'Error', description: refused.formError ?? FALLBACK_ERROR, variant: 'destructive' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [refused]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const values = formValues(event.currentTarget);
    const checked = checkContact(values);
    if (!checked.success) {
      setCheckAsTyped(true);
      showErrors(checked.fieldErrors);
      return;
    }
    setErrors({});
    // With JavaScript, how the whole visit began (recorded on its first page) replaces this page's own.
    void submitForm({ ...values, ...visitSource() }, { method: 'post', action: '/contact' });
  }

  function recheck() {
    if (!checkAsTyped || !formRef.current) return;
    const checked = checkContact(formValues(formRef.current));
    setErrors(checked.success ? {} : checked.fieldErrors);
  }

  return (
    <form ref={formRef} method="post" action="/contact" noValidate onSubmit={submit} onChange={recheck} className="space-y-5">
      {formError ? (
        <p role="alert" className="rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
          {formError}
        </p>
      ) : Object.keys(fieldErrors).length > 0 ? (
        <p className="rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">Please correct the highlighted fields and send again.</p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field name="firstName" label="First Name" error={errors.firstName?.[0]}>
          <input type="text" autoComplete="given-name" required maxLength={MAX_LENGTH.firstName} {...fieldProps('firstName')} />
        </Field>
        <Field name="lastName" label="Last Name" error={errors.lastName?.[0]}>
          <input type="text" autoComplete="family-name" required maxLength={MAX_LENGTH.lastName} {...fieldProps('lastName')} />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field name="email" label="Email" error={errors.email?.[0]}>
          <input type="email" autoComplete="email" required maxLength={MAX_LENGTH.email} {...fieldProps('email')} />
        </Field>
        <Field name="phone" label="Phone" error={errors.phone?.[0]}>
          <input type="tel" autoComplete="tel" required minLength={10} maxLength={MAX_LENGTH.phone} {...fieldProps('phone')} />
        </Field>
      </div>
      <Field name="interest" label="I'm Interested In" error={errors.interest?.[0]}>
        <select {...fieldProps('interest')}>
          {INTERESTS.map((interest) => (
            <option key={interest} value={interest}>
              {INTEREST_LABELS[interest]}
            </option>
          ))}
        </select>
      </Field>
      <Field name="message" label="Message" error={errors.message?.[0]}>
        <textarea
          rows={6}
          required
          minLength={10}
          maxLength={MAX_LENGTH.message}
          placeholder="Tell us what you are looking for: a model, rental dates, a repair..."
          {...fieldProps('message')}
        />
      </Field>

      {/* Not for people: off-screen and out of the tab order. Bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`contact-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input id={`contact-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {(['topic', 'plan', 'vehicle'] as const).map((name) => (context[name] ? <input key={name} type="hidden" name={name} value={context[name]} /> : null))}
      {LEAD_SOURCE_FIELDS.map((name) => (source[name] ? <input key={name} type="hidden" name={name} value={source[name]} /> : null))}

      <button type="submit" disabled={sending} className={`${buttonClasses('primary', 'lg')} w-full sm:w-auto`}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
