import type { InputHTMLAttributes } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * The staff forms' text field and select look: the public contact form's, with a visible focus ring,
 * a border that stands out from the white card (ink-500, 4.8:1; WCAG 1.4.11 asks 3:1 of the edge that
 * shows where to type) and at least 44 px tall, selects included.
 */
export function staffInputClasses(invalid: boolean): string {
  return `mt-1.5 block min-h-11 w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm placeholder:text-ink-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
    invalid ? 'border-danger-600' : 'border-ink-500'
  }`;
}

interface StaffFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint?: string;
  /** The id of the message that explains why the form was refused, read with the field. */
  errorId?: string;
}

/** One labelled field; its hint and the form's error are tied to it with aria-describedby. */
export function StaffField({ id, label, hint, errorId, ...input }: StaffFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
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
      <input id={id} aria-invalid={errorId ? true : undefined} aria-describedby={describedBy} className={staffInputClasses(Boolean(errorId))} {...input} />
    </div>
  );
}

/** The address of this page with the second factor switched: `?with=recovery-code` or not, the rest of the query kept. */
function withSecondFactor(search: string, recoveryCode: boolean): string {
  const params = new URLSearchParams(search);
  if (recoveryCode) params.set('with', 'recovery-code');
  else params.delete('with');
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The password and the second factor, as sign-in and confirmation ask for them: the password as a
 * password manager fills it (no maxlength: a long password is never cut), then the code from the
 * authenticator app, or one of the recovery codes instead, and the link that swaps the two.
 */
export function PasswordAndCodeFields({ idPrefix, recoveryCode, errorId }: { idPrefix: string; recoveryCode: boolean; errorId?: string }) {
  const { pathname, search } = useLocation();
  return (
    <>
      <StaffField id={`${idPrefix}-password`} name="password" type="password" label="Password" autoComplete="current-password" required errorId={errorId} />
      {recoveryCode ? (
        <StaffField
          id={`${idPrefix}-recovery-code`}
          name="recoveryCode"
          type="text"
          label="Recovery code"
          hint="One of the ten codes you saved when you set up your account, like 7kq2-mx9d-04fh. Each works once."
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          errorId={errorId}
        />
      ) : (
        <StaffField
          id={`${idPrefix}-code`}
          name="code"
          type="text"
          label="Code from your authenticator app"
          hint="The 6 digits the app shows now."
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          required
          errorId={errorId}
        />
      )}
      <p className="text-sm">
        <Link
          to={`${pathname}${withSecondFactor(search, !recoveryCode)}`}
          replace
          className="inline-flex min-h-11 items-center rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {recoveryCode ? 'Use the code from your authenticator app' : 'Lost your phone? Use a recovery code'}
        </Link>
      </p>
    </>
  );
}
