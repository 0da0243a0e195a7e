import type { ReactNode } from 'react';
import { NavLink, useSearchParams } from 'react-router';
import type { SiteContentField } from '../../../src/site-content/site-content';
import { staffInputClasses } from './sign-in-fields';

// The parts the promotions, closures and notice pages share (issue 24, point 5): their own small
// navigation, a field with its error beside it, and the "saved" line.

export type FieldErrors = Partial<Record<SiteContentField, string>>;

/** What an action answers when it saves nothing: the values typed, to fill the form again, and why. */
export interface ContentAnswer<Values> {
  intent: 'save' | 'delete';
  values?: Values;
  errors: FieldErrors;
  message?: string;
}

const SECTIONS = [
  { to: '/staff/promotions', label: 'Promotions' },
  { to: '/staff/closures', label: 'Holiday hours' },
  { to: '/staff/notice', label: 'Site notice' },
] as const;

/** The page's title, the three pages' own links, and the line under the title. */
export function SiteContentHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <nav aria-label="Promotions, holiday hours and notice">
        <ul className="flex flex-wrap gap-x-4 text-sm">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                className={({ isActive }) => `inline-flex min-h-11 items-center font-semibold underline ${isActive ? 'text-ink-900 no-underline' : 'text-brand-700'}`}
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-ink-900">{title}</h1>
      <p className="mt-1 text-ink-700">{children}</p>
    </>
  );
}

const DONE: Record<string, string> = {
  saved: 'Saved. The public pages show it within a few seconds.',
  deleted: 'Deleted. The public pages follow within a few seconds.',
};

/** "Saved." after a change (?done=saved|deleted), and a refusal that belongs to no one field. */
export function SiteContentStatus({ message }: { message?: string }) {
  const [search] = useSearchParams();
  const done = DONE[search.get('done') ?? ''];
  return (
    <>
      {done && !message ? (
        <p role="status" className="mt-4 rounded-xl bg-success-50 px-4 py-3 text-sm font-semibold text-success-700">
          {done}
        </p>
      ) : null}
      {message ? (
        <p role="alert" className="mt-4 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
          {message}
        </p>
      ) : null}
    </>
  );
}

/** The error under a field, tied to it by id. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1.5 text-sm font-semibold text-danger-700">
      {error}
    </p>
  ) : null;
}

interface ContentFieldProps {
  id: string;
  name: SiteContentField;
  label: string;
  hint?: string;
  errors: FieldErrors;
  defaultValue?: string;
  type?: 'text' | 'date' | 'time' | 'datetime-local';
  multiline?: boolean;
  maxLength?: number;
  required?: boolean;
}

/** A labelled input or text area with its hint and, when the form was refused, its error beside it. */
export function ContentField({ id, name, label, hint, errors, defaultValue, type = 'text', multiline = false, maxLength, required = false }: ContentFieldProps) {
  const error = errors[name];
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    defaultValue,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: staffInputClasses(Boolean(error)),
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea {...common} rows={3} maxLength={maxLength} /> : <input {...common} type={type} maxLength={maxLength} />}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** "Dec 24, 2026" from "2026-12-24". */
export function shortDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** A small label: where an entry comes from, or whether it runs. */
export function Tag({ children, tone = 'neutral' }: { children: ReactNode; tone?: 'neutral' | 'running' }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone === 'running' ? 'bg-success-50 text-success-700' : 'bg-ink-100 text-ink-800'}`}
    >
      {children}
    </span>
  );
}
