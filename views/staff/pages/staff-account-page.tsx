import { useEffect, useRef, type ReactNode } from 'react';
import {
  data,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { staffRequestContext, staffSessionsContext } from '../../../src/route-context/staff-route-context';
import { PASSWORD_HINT } from '../../../src/staff/password-rules';
import type { AuthenticatorAppSetup } from '../../../src/staff/staff-enrolment';
import { PASSKEY_NAME_MAX_LENGTH, staffOwnAccountContext, type OwnAccountChange } from '../../../src/staff/staff-own-account';
import { STAFF_ROLE_LABELS } from '../../../src/staff/staff-role';
import { Badge } from '../../components/badge';
import { buttonClasses } from '../../components/button-styles';
import { Card } from '../../components/card';
import { PasskeyRegistration, type PasskeyRegistrationAnswer } from '../components/passkey-registration';
import { StaffField } from '../components/sign-in-fields';
import { StaffForm } from '../components/staff-form';
import { StaffTime } from '../components/staff-time';
import { confirmedChange, fieldText, staffAnswer } from './owner-answers';
import { useStaffLayout } from '../layout/staff-layout';
import type { StaffPageModule } from '../layout/staff-page-module';

const PAGE = '/staff/account';

interface AccountPageData {
  sessions: { id: string; signedInWith: string; createdAt: string; lastSeenAt: string; address: string; browser: string; current: boolean }[];
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
  password: boolean;
  passwordChangedAt: string | null;
  authenticatorApp: boolean;
  recoveryCodesLeft: number | null;
  /** The new authenticator app's key while it is being set up (this page then is not kept or recompressed). */
  authenticatorAppSetup: AuthenticatorAppSetup | null;
}

/** What an action answers: a refusal beside its form, recovery codes to show once, or passkey options. */
interface AccountAnswer extends PasskeyRegistrationAnswer {
  intent?: string;
  recoveryCodes?: string[];
}

const SIGNED_IN_WITH: Record<string, string> = {
  passkey: 'a passkey',
  'password+code': 'password and app code',
  'password+recovery-code': 'password and a recovery code',
  invitation: 'an invitation',
};

/** "Chrome on Android": enough to tell one's own devices apart, never the whole user agent string. */
export function browserOf(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|CriOS\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux|CrOS/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

async function accountLoader({ context }: LoaderFunctionArgs): Promise<AccountPageData> {
  const request = context.get(staffRequestContext);
  const account = context.get(staffOwnAccountContext);
  return staffAnswer(async () => {
    const [sessions, overview, setup] = await Promise.all([
      context.get(staffSessionsContext).list(request),
      account.overview(request),
      account.authenticatorAppSetup(request),
    ]);
    // The key of an app being set up is on this page: like the enrolment's, it is never recompressed (BREACH) or kept.
    if (setup) request.headers = { ...request.headers, 'Cache-Control': 'no-store, no-transform' };
    return {
      sessions: sessions.map((session) => ({
        id: session.id,
        signedInWith: SIGNED_IN_WITH[session.signedInWith] ?? session.signedInWith,
        createdAt: session.createdAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
        address: session.address,
        browser: browserOf(session.userAgent),
        current: session.current,
      })),
      passkeys: overview.passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.createdAt.toISOString(),
        lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
      })),
      password: overview.password,
      passwordChangedAt: overview.passwordChangedAt?.toISOString() ?? null,
      authenticatorApp: overview.authenticatorApp,
      recoveryCodesLeft: overview.recoveryCodesLeft,
      authenticatorAppSetup: setup,
    };
  }, PAGE);
}

const DONE_MESSAGES: Partial<Record<string, string>> = {
  'end-other-sessions': 'Your other sessions have ended.',
  'rename-passkey': 'The passkey is renamed.',
  'remove-passkey': 'The passkey is removed.',
  passkey: 'The passkey is added.',
  password: 'Your password is changed.',
  'authenticator-app': 'Your new authenticator app is in use; the old one no longer works.',
};

/** Every form of this page; each change asks for "confirm it's you" first unless done within 5 minutes. */
async function accountAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = fieldText(form, 'intent');
  const staffRequest = context.get(staffRequestContext);
  const account = context.get(staffOwnAccountContext);
  const done = (change: OwnAccountChange) =>
    change.ok ? redirect(`${PAGE}?done=${intent}`, 303) : data<AccountAnswer>({ intent, error: change.message }, { status: 400 });
  const change = <T,>(work: () => Promise<T>) => confirmedChange(context, PAGE, work);
  switch (intent) {
    case 'end-other-sessions':
      await change(() => context.get(staffSessionsContext).endOthers(staffRequest));
      return redirect(`${PAGE}?done=${intent}`, 303);
    case 'rename-passkey':
      return done(await change(() => account.renamePasskey(fieldText(form, 'passkeyId'), fieldText(form, 'name'), staffRequest)));
    case 'remove-passkey':
      return done(await change(() => account.removePasskey(fieldText(form, 'passkeyId'), staffRequest)));
    case 'passkey-options':
      return data<AccountAnswer>({ passkeyOptions: await change(() => account.passkeyRegistrationOptions(staffRequest)) });
    case 'passkey':
      return done(await change(() => account.addPasskey(fieldText(form, 'response'), staffRequest)));
    case 'password':
      return done(
        await change(() =>
          account.changePassword(
            { current: fieldText(form, 'currentPassword'), next: fieldText(form, 'newPassword'), endOtherSessions: fieldText(form, 'endOtherSessions') === 'yes' },
            staffRequest,
          ),
        ),
      );
    case 'start-authenticator-app': {
      const started = await change(() => account.startAuthenticatorApp(staffRequest));
      return started.ok ? redirect(`${PAGE}#authenticator-app`, 303) : data<AccountAnswer>({ intent: 'authenticator-app', error: started.message }, { status: 400 });
    }
    case 'authenticator-app':
      return done(await change(() => account.replaceAuthenticatorApp(fieldText(form, 'code'), staffRequest)));
    case 'recovery-codes': {
      const codes = await change(() => account.newRecoveryCodes(staffRequest));
      if (!codes)
        return data<AccountAnswer>({ intent, error: 'Recovery codes go with a password and an authenticator app, which this account does not have.' }, { status: 400 });
      // Shown once, in this answer only: never kept, never recompressed.
      staffRequest.headers = { ...staffRequest.headers, 'Cache-Control': 'no-store, no-transform' };
      return { intent, recoveryCodes: codes } satisfies AccountAnswer;
    }
    default:
      return data<AccountAnswer>({ intent, error: 'This form is not known here. Reload the page and try again.' }, { status: 400 });
  }
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" className="p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold text-ink-900">
        {title}
      </h2>
      <div id={id}>{children}</div>
    </Card>
  );
}

function Refusal({ answer, intent }: { answer: AccountAnswer | undefined; intent: string }) {
  if (answer?.intent !== intent || !answer.error) return null;
  return (
    <p id={`${intent}-error`} role="alert" className="mt-3 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
      {answer.error}
    </p>
  );
}

/** /staff/account (everyone signed in): who they are, where they are signed in, and their own sign-in methods. */
function StaffAccount() {
  const { staff } = useStaffLayout();
  const page = useLoaderData<AccountPageData>();
  const answer = useActionData<AccountAnswer>();
  const [search] = useSearchParams();
  const done = search.get('done');
  const sending = useNavigation().state === 'submitting';
  const { key: visit } = useLocation();
  const doneMessage = useRef<HTMLParagraphElement>(null);
  const codesTitle = useRef<HTMLHeadingElement>(null);
  // Both answers are shown at the top of the page. Without JavaScript the answer is a new page, read
  // from the top; with it, the page keeps its scroll, and on a phone the answer to a button far below
  // would be out of sight (the new recovery codes are shown only this once), so it is brought into view.
  useEffect(() => {
    if (done) doneMessage.current?.scrollIntoView({ block: 'nearest' });
  }, [done, visit]);
  useEffect(() => {
    if (!answer?.recoveryCodes) return;
    codesTitle.current?.scrollIntoView({ block: 'start' });
    codesTitle.current?.focus({ preventScroll: true });
  }, [answer?.recoveryCodes]);
  const errorOf = (intent: string) => (answer?.intent === intent && answer.error ? `${intent}-error` : undefined);
  if (!staff) return null;
  const otherSessions = page.sessions.filter((session) => !session.current).length;
  const passkeyOnly = !(page.password && page.authenticatorApp);
  return (
    <>
      <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">Your account</h1>
      <p className="mt-1 text-ink-700">
        {staff.name} · {staff.email} · {STAFF_ROLE_LABELS[staff.role]}
      </p>
      {done && DONE_MESSAGES[done] ? (
        <p ref={doneMessage} role="status" className="mt-4 scroll-mt-4 rounded-xl bg-success-50 px-4 py-3 text-sm font-semibold text-success-700">
          {DONE_MESSAGES[done]}
        </p>
      ) : null}
      {answer?.recoveryCodes ? (
        <Card as="section" className="mt-5 p-5 ring-2 ring-sun-400">
          <h2 ref={codesTitle} tabIndex={-1} className="scroll-mt-4 text-lg font-bold text-ink-900 outline-none">
            Your new recovery codes
          </h2>
          <p className="mt-1 text-sm text-ink-700">
            Keep them somewhere safe, away from your phone. Each works once, instead of a code from the app. They are shown only now; the old ones no longer work.
          </p>
          <ol className="mt-3 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5" data-testid="recovery-codes">
            {answer.recoveryCodes.map((code) => (
              <li key={code} className="rounded-lg bg-ink-100 px-2 py-1 text-center">
                {code}
              </li>
            ))}
          </ol>
        </Card>
      ) : null}

      <div className="mt-6 space-y-4">
        <Section id="sessions" title="Where you are signed in">
          <ul className="mt-3 divide-y divide-ink-100" aria-label="Your sessions">
            {page.sessions.map((session) => (
              <li key={session.id} className="py-3 text-sm">
                <p className="font-semibold text-ink-900">
                  {session.browser} {session.current ? <Badge tone="brand">This browser</Badge> : null}
                </p>
                <p className="text-ink-700">
                  {'Signed in '}
                  <StaffTime iso={session.createdAt} />
                  {` with ${session.signedInWith}; last seen `}
                  <StaffTime iso={session.lastSeenAt} />
                  {session.address ? `; from ${session.address}` : ''}
                </p>
              </li>
            ))}
          </ul>
          <Refusal answer={answer} intent="end-other-sessions" />
          {otherSessions > 0 ? (
            <StaffForm aria-labelledby="sessions-title" className="mt-3">
              <input type="hidden" name="intent" value="end-other-sessions" />
              <button type="submit" disabled={sending} className={buttonClasses('secondary', 'md')}>
                End my other sessions
              </button>
            </StaffForm>
          ) : (
            <p className="mt-2 text-sm text-ink-700">You are signed in in this browser only.</p>
          )}
        </Section>

        <Section id="passkeys" title="Passkeys">
          <p className="mt-1 text-sm text-ink-700">Sign in with your phone’s or computer’s face, fingerprint or screen lock.</p>
          <Refusal answer={answer} intent="rename-passkey" />
          <Refusal answer={answer} intent="remove-passkey" />
          {page.passkeys.length === 0 ? <p className="mt-3 text-sm text-ink-700">No passkeys yet.</p> : null}
          <ul className="mt-3 space-y-3" aria-label="Your passkeys">
            {page.passkeys.map((passkey) => (
              <li key={passkey.id} className="rounded-xl border border-ink-200 p-3">
                <p className="font-semibold text-ink-900">{passkey.name}</p>
                <p className="text-sm text-ink-700">
                  {'Added '}
                  <StaffTime iso={passkey.createdAt} />
                  {'; '}
                  {passkey.lastUsedAt ? (
                    <>
                      {'last used '}
                      <StaffTime iso={passkey.lastUsedAt} />
                    </>
                  ) : (
                    'not used yet'
                  )}
                </p>
                <div className="mt-2 flex flex-wrap items-end gap-3">
                  <StaffForm aria-labelledby={`passkey-${passkey.id}-rename`} className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="rename-passkey" />
                    <input type="hidden" name="passkeyId" value={passkey.id} />
                    <StaffField
                      id={`passkey-${passkey.id}-name`}
                      name="name"
                      label="Name"
                      defaultValue={passkey.name}
                      maxLength={PASSKEY_NAME_MAX_LENGTH}
                      required
                      autoComplete="off"
                      errorId={errorOf('rename-passkey')}
                    />
                    <button id={`passkey-${passkey.id}-rename`} type="submit" disabled={sending} className={buttonClasses('secondary', 'md')}>
                      Rename
                    </button>
                  </StaffForm>
                  <StaffForm aria-labelledby={`passkey-${passkey.id}-remove`}>
                    <input type="hidden" name="intent" value="remove-passkey" />
                    <input type="hidden" name="passkeyId" value={passkey.id} />
                    <button id={`passkey-${passkey.id}-remove`} type="submit" disabled={sending} className={buttonClasses('ghost', 'md')}>
                      Remove {passkey.name}
                    </button>
                  </StaffForm>
                </div>
              </li>
            ))}
          </ul>
          <Refusal answer={answer} intent="passkey" />
          <PasskeyRegistration action={PAGE} label="Add a passkey" />
        </Section>

        {passkeyOnly ? null : (
          <>
            <Section id="password" title="Password">
              {page.passwordChangedAt ? (
                <p className="mt-1 text-sm text-ink-700">
                  {'Last changed '}
                  <StaffTime iso={page.passwordChangedAt} />
                </p>
              ) : null}
              <Refusal answer={answer} intent="password" />
              <StaffForm aria-labelledby="password-title" className="mt-3 max-w-md space-y-4">
                <input type="hidden" name="intent" value="password" />
                <input type="text" name="username" value={staff.email} autoComplete="username" readOnly hidden />
                <StaffField
                  id="current-password"
                  name="currentPassword"
                  type="password"
                  label="Current password"
                  autoComplete="current-password"
                  required
                  errorId={errorOf('password')}
                />
                <StaffField
                  id="new-password"
                  name="newPassword"
                  type="password"
                  label="New password"
                  hint={PASSWORD_HINT}
                  autoComplete="new-password"
                  required
                  errorId={errorOf('password')}
                />
                <label className="flex min-h-11 items-center gap-3 text-sm text-ink-800">
                  <input type="checkbox" name="endOtherSessions" value="yes" defaultChecked className="size-5" />
                  End my other sessions too
                </label>
                <button type="submit" disabled={sending} className={buttonClasses('primary', 'md')}>
                  Change the password
                </button>
              </StaffForm>
            </Section>

            <Section id="authenticator-app" title="Authenticator app">
              <Refusal answer={answer} intent="authenticator-app" />
              {page.authenticatorAppSetup ? (
                <div className="mt-3">
                  <p className="text-sm text-ink-700">Add this key to the new app, then type the code it shows. Until then, your current app keeps working.</p>
                  <img
                    src={page.authenticatorAppSetup.qrCodeDataUrl}
                    alt="QR code of the new authenticator app key for your staff account"
                    className="mt-3 size-48 bg-white"
                  />
                  <p className="mt-3">
                    <a href={page.authenticatorAppSetup.uri} className={`${buttonClasses('secondary', 'md')} py-2 text-center`}>
                      Open the authenticator app with the key
                    </a>
                  </p>
                  <p className="mt-2 text-sm text-ink-700">Or type this key (time-based, 6 digits):</p>
                  <p className="mt-1 select-all break-words rounded-xl bg-ink-100 px-4 py-3 font-mono text-lg tracking-wide text-ink-900">
                    {page.authenticatorAppSetup.key}
                  </p>
                  <StaffForm aria-labelledby="authenticator-app-title" className="mt-3 flex max-w-md flex-wrap items-end gap-3">
                    <input type="hidden" name="intent" value="authenticator-app" />
                    <StaffField
                      id="new-app-code"
                      name="code"
                      label="Code from the new app"
                      autoComplete="one-time-code"
                      inputMode="numeric"
                      pattern="[0-9 ]*"
                      required
                      errorId={errorOf('authenticator-app')}
                    />
                    <button type="submit" disabled={sending} className={buttonClasses('primary', 'md')}>
                      Use the new app
                    </button>
                  </StaffForm>
                </div>
              ) : (
                <p className="mt-1 text-sm text-ink-700">A new phone? Replace the app: the old one stops working once the new one shows a code.</p>
              )}
              {/* Named by its button: while a new key is set up, the code's form already carries the section's name. */}
              <StaffForm aria-labelledby="start-authenticator-app" className="mt-3">
                <input type="hidden" name="intent" value="start-authenticator-app" />
                <button id="start-authenticator-app" type="submit" disabled={sending} className={buttonClasses('secondary', 'md')}>
                  {page.authenticatorAppSetup ? 'Make another key' : 'Replace the authenticator app'}
                </button>
              </StaffForm>
            </Section>

            <Section id="recovery-codes" title="Recovery codes">
              <p className="mt-1 text-sm text-ink-700">
                {page.recoveryCodesLeft === null ? 'No recovery codes yet.' : `${page.recoveryCodesLeft} of 10 unused.`} New codes replace all the old ones.
              </p>
              <Refusal answer={answer} intent="recovery-codes" />
              <StaffForm aria-labelledby="recovery-codes-title" className="mt-3">
                <input type="hidden" name="intent" value="recovery-codes" />
                <button type="submit" disabled={sending} className={buttonClasses('secondary', 'md')}>
                  Make new recovery codes
                </button>
              </StaffForm>
            </Section>
          </>
        )}
      </div>
    </>
  );
}

export const staffAccountPage: StaffPageModule = { Component: StaffAccount, loader: accountLoader, action: accountAction };
