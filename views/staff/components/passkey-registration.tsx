import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { buttonClasses } from '../../components/button-styles';
import { useStaffLayout } from '../layout/staff-layout';

/** What an action answers the passkey registration's two steps with (a success is a redirect). */
export interface PasskeyRegistrationAnswer {
  passkeyOptions?: PublicKeyCredentialCreationOptionsJSON;
  error?: string;
}

/**
 * Adds a passkey, once JavaScript runs (before that it shows why it needs it): the button asks the
 * action (`action`) for registration options, hands them to the browser (`startRegistration` from
 * @simplewebauthn/browser, fetched only now), and posts the browser's answer back to the same action,
 * which verifies and stores it.
 */
export function PasskeyRegistration({ action, label }: { action: string; label: string }) {
  const { formToken } = useStaffLayout();
  const options = useFetcher<PasskeyRegistrationAnswer>();
  const answer = useFetcher<PasskeyRegistrationAnswer>();
  const [supported, setSupported] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // What the ceremony posts with once the person has answered their device: read when it answers, so
  // a new form token (every revalidation masks it afresh) never starts a second ceremony.
  const latest = useRef({ formToken, action, sendAnswer: answer.submit });
  latest.current = { formToken, action, sendAnswer: answer.submit };

  useEffect(() => {
    let live = true;
    void import('@simplewebauthn/browser').then((library) => {
      if (live) setSupported(library.browserSupportsWebAuthn());
    });
    return () => {
      live = false;
    };
  }, []);

  const optionsJSON = options.data?.passkeyOptions;
  useEffect(() => {
    if (!optionsJSON) return;
    let live = true;
    import('@simplewebauthn/browser')
      .then(({ startRegistration }) => startRegistration({ optionsJSON }))
      .then((response) => {
        const { formToken: token, action: target, sendAnswer } = latest.current;
        if (live) void sendAnswer({ intent: 'passkey', response: JSON.stringify(response), ...(token ? { formToken: token } : {}) }, { method: 'post', action: target });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const name = (error as { name?: string }).name;
        setProblem(
          name === 'InvalidStateError'
            ? 'This device already holds a passkey for your account.'
            : 'No passkey was added. Try again, and confirm with your face, fingerprint or screen lock when asked.',
        );
      });
    return () => {
      live = false;
    };
  }, [optionsJSON]);

  if (supported === null) return <p className="mt-3 text-sm text-ink-600">A passkey needs JavaScript, which is off or still loading in this browser.</p>;
  if (!supported) return <p className="mt-3 text-sm text-ink-600">This browser cannot make passkeys. Use a password and an authenticator app instead.</p>;
  const message = answer.data?.error ?? options.data?.error ?? problem;
  const busy = options.state !== 'idle' || answer.state !== 'idle';
  return (
    <div className="mt-4">
      {message ? (
        <p id="passkey-registration-error" role="alert" className="mb-4 rounded-xl bg-danger-50 px-4 py-3 text-sm font-semibold text-danger-700">
          {message}
        </p>
      ) : null}
      <button
        type="button"
        disabled={busy}
        aria-describedby={message ? 'passkey-registration-error' : undefined}
        className={`${buttonClasses('primary', 'lg')} w-full`}
        onClick={() => {
          setProblem(null);
          void options.submit({ intent: 'passkey-options', ...(formToken ? { formToken } : {}) }, { method: 'post', action });
        }}
      >
        {busy ? 'Waiting for your device…' : label}
      </button>
    </div>
  );
}
