import { useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { buttonClasses } from '../../components/button-styles';
import { useStaffLayout } from '../staff-layout';

/** What the sign-in and confirmation actions answer a passkey step with. */
export interface PasskeyStepAnswer {
  passkeyOptions?: PublicKeyCredentialRequestOptionsJSON;
  error?: 'refused' | 'throttled';
  retryAfterSeconds?: number;
}

type WebAuthnBrowser = typeof import('@simplewebauthn/browser');

/** The passkey library, fetched only by the pages that use it (3.8 KB gzipped), never by the staff entry. */
const loadWebAuthn = (): Promise<WebAuthnBrowser> => import('@simplewebauthn/browser');

/**
 * Sign-in or confirmation with a passkey, once JavaScript runs (nothing is shown before). With
 * `autofill`, the page asks the action for a passkey request as soon as it is hydrated and hands it
 * to the browser's autofill ("conditional UI"): the person's passkeys appear in the e-mail field's
 * suggestions. The button starts the browser's own passkey dialog instead. Either way the browser's
 * answer goes back to the same action, which signs in (a redirect) or refuses.
 */
export function PasskeyRequest({ label, autofill, refusedMessage }: { label: string; autofill: boolean; refusedMessage: string }) {
  const { formToken } = useStaffLayout();
  const { pathname, search } = useLocation();
  const action = `${pathname}${search}`;
  const options = useFetcher<PasskeyStepAnswer>();
  const answer = useFetcher<PasskeyStepAnswer>();
  const [supported, setSupported] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Whether the pending request is the button's (a dialog) or the autofill's.
  const dialog = useRef(false);
  const requestOptions = options.submit;
  const sendAnswer = answer.submit;

  useEffect(() => {
    let live = true;
    let library: WebAuthnBrowser | undefined;
    void loadWebAuthn().then(async (loaded) => {
      library = loaded;
      if (!live || !loaded.browserSupportsWebAuthn()) return;
      setSupported(true);
      if (autofill && (await loaded.browserSupportsWebAuthnAutofill()) && live) {
        dialog.current = false;
        void requestOptions({ intent: 'passkey-options', ...(formToken ? { formToken } : {}) }, { method: 'post', action });
      }
    });
    return () => {
      live = false;
      // A request left waiting in the autofill would outlive the page.
      library?.WebAuthnAbortService.cancelCeremony();
    };
  }, [autofill, action, formToken, requestOptions]);

  const optionsJSON = options.data?.passkeyOptions;
  useEffect(() => {
    if (!optionsJSON) return;
    let live = true;
    const useBrowserAutofill = !dialog.current;
    loadWebAuthn()
      .then(({ startAuthentication }) => startAuthentication({ optionsJSON, useBrowserAutofill }))
      .then((response) => {
        if (live) void sendAnswer({ intent: 'passkey', response: JSON.stringify(response), ...(formToken ? { formToken } : {}) }, { method: 'post', action });
      })
      .catch((error: unknown) => {
        // AbortError: the button replaced the autofill's request, or the page went away.
        if (!live || (error as { name?: string }).name === 'AbortError' || useBrowserAutofill) return;
        setProblem('The passkey was not used. Try again, or use your password and code.');
      });
    return () => {
      live = false;
    };
  }, [optionsJSON, action, formToken, sendAnswer]);

  const refusal = answer.data?.error ?? (options.data?.error === 'throttled' ? 'throttled' : undefined);
  const message =
    refusal === 'throttled'
      ? `Too many sign-in attempts. Try again in ${Math.ceil((answer.data?.retryAfterSeconds ?? options.data?.retryAfterSeconds ?? 60) / 60)} minutes.`
      : refusal === 'refused'
        ? refusedMessage
        : problem;

  if (!supported) return null;
  const busy = options.state !== 'idle' || answer.state !== 'idle';
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
          void requestOptions({ intent: 'passkey-options', ...(formToken ? { formToken } : {}) }, { method: 'post', action });
        }}
      >
        {label}
      </button>
    </div>
  );
}
