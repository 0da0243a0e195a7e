import { useEffect, useRef, useState } from 'react';
import { useActionData, useFetcher, useLocation, useNavigation, useSubmit } from 'react-router';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { buttonClasses } from '../../components/button-styles';
import { useStaffLayout } from '../layout/staff-layout';

/** What the sign-in and confirmation actions answer a passkey step with. */
export interface PasskeyStepAnswer {
  passkeyOptions?: PublicKeyCredentialRequestOptionsJSON;
  error?: 'refused' | 'throttled';
  retryAfterSeconds?: number;
  /** Set on the answer to a passkey: the page shows that refusal here, not at its password form. */
  via?: 'passkey';
}

type WebAuthnBrowser = typeof import('@simplewebauthn/browser');

/** The passkey library, fetched only by the pages that use it (3.8 KB gzipped), never by the staff entry. */
const loadWebAuthn = (): Promise<WebAuthnBrowser> => import('@simplewebauthn/browser');

/**
 * Sign-in or confirmation with a passkey, once JavaScript runs (nothing is shown before). With
 * `autofill`, the page asks the action for a passkey request as soon as it is hydrated and hands it
 * to the browser's autofill ("conditional UI"): the person's passkeys appear in the e-mail field's
 * suggestions. The button starts the browser's own passkey dialog instead. Either way the browser's
 * answer goes back to the same action as a navigation (not a fetcher), so that after its redirect
 * every loader runs again: the layout learns who is signed in and the session's new form token.
 */
export function PasskeyRequest({ label, autofill, refusedMessage }: { label: string; autofill: boolean; refusedMessage: string }) {
  const { formToken } = useStaffLayout();
  const { pathname, search } = useLocation();
  const action = `${pathname}${search}`;
  const options = useFetcher<PasskeyStepAnswer>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData<PasskeyStepAnswer>();
  const answer = actionData?.via === 'passkey' ? actionData : undefined;
  const [supported, setSupported] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Whether the pending request is the button's (a dialog) or the autofill's.
  const dialog = useRef(false);
  const requestOptions = options.submit;
  // Read when a request is sent, not as effect dependencies: the layout's form token gets a new mask
  // at every revalidation, which must not restart (or abort) a ceremony in progress.
  const target = useRef<{ action: string; fields: Record<string, string> }>({ action, fields: formToken ? { formToken } : {} });
  useEffect(() => {
    target.current = { action, fields: formToken ? { formToken } : {} };
  }, [action, formToken]);

  useEffect(() => {
    let live = true;
    let library: WebAuthnBrowser | undefined;
    void loadWebAuthn().then(async (loaded) => {
      library = loaded;
      if (!live || !loaded.browserSupportsWebAuthn()) return;
      setSupported(true);
      if (autofill && (await loaded.browserSupportsWebAuthnAutofill()) && live) {
        dialog.current = false;
        void requestOptions({ intent: 'passkey-options', ...target.current.fields }, { method: 'post', action: target.current.action });
      }
    });
    return () => {
      live = false;
      // A request left waiting in the autofill would outlive the page.
      library?.WebAuthnAbortService.cancelCeremony();
    };
  }, [autofill, requestOptions]);

  const optionsJSON = options.data?.passkeyOptions;
  useEffect(() => {
    if (!optionsJSON) return;
    let live = true;
    const useBrowserAutofill = !dialog.current;
    loadWebAuthn()
      .then(({ startAuthentication }) => startAuthentication({ optionsJSON, useBrowserAutofill }))
      .then((response) => {
        if (live)
          void submit(
            { intent: 'passkey', response: JSON.stringify(response), ...target.current.fields },
            { method: 'post', action: target.current.action, replace: true },
          );
      })
      .catch((error: unknown) => {
        // AbortError: the button replaced the autofill's request, or the page went away.
        if (!live || (error as { name?: string }).name === 'AbortError' || useBrowserAutofill) return;
        setProblem('The passkey was not used. Try again, or use your password and code.');
      });
    return () => {
      live = false;
    };
  }, [optionsJSON, submit]);

  const refusal = answer?.error ?? (options.data?.error === 'throttled' ? 'throttled' : undefined);
  const message =
    refusal === 'throttled'
      ? `Too many sign-in attempts. Try again in ${Math.ceil((answer?.retryAfterSeconds ?? options.data?.retryAfterSeconds ?? 60) / 60)} minutes.`
      : refusal === 'refused'
        ? refusedMessage
        : problem;

  if (!supported) return null;
  const busy = options.state !== 'idle' || navigation.formData?.get('intent') === 'passkey';
  return (
    <div className="mt-6 border-t border-ink-200 pt-6">
      {message ? (
        <p id="passkey-error" role="alert" className="mb-4 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
          {message}
        </p>
      ) : null}
      <button
        type="button"
        disabled={busy}
        aria-describedby={message ? 'passkey-error' : undefined}
        className={`${buttonClasses('secondary', 'lg')} w-full`}
        onClick={() => {
          dialog.current = true;
          setProblem(null);
          void requestOptions({ intent: 'passkey-options', ...target.current.fields }, { method: 'post', action: target.current.action });
        }}
      >
        {label}
      </button>
    </div>
  );
}
