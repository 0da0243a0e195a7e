import { isCommonPassword } from './common-passwords.server';
import { contextLetters, passwordContextWords, type PasswordContext } from './password-context-words.server';
import { checkPasswordLength, PASSWORD_PROBLEM_MESSAGES, type PasswordProblem } from './password-rules';

export type NewPasswordCheck = { ok: true } | { ok: false; problem: PasswordProblem; message: string };

/**
 * Whether a new password may be set (decision 011, "Password rules"): 8 to 256 code points, not
 * on the common list, not made of the context words. The password itself is never changed: the
 * caller hashes exactly what was typed.
 */
export function checkNewPassword(password: string, context: PasswordContext): NewPasswordCheck {
  const problem: PasswordProblem | null =
    checkPasswordLength(password) ?? (isCommonPassword(password) ? 'common' : null) ?? (passwordContextWords(context).has(contextLetters(password)) ? 'context' : null);
  return problem ? { ok: false, problem, message: PASSWORD_PROBLEM_MESSAGES[problem] } : { ok: true };
}
