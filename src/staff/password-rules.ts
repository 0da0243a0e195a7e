// The rules for a new password (ASVS 5.0 V6.2), shared so that the form can hint and check the
// length as the person types; the server's full check, with the common-password list and the
// context words, is checkNewPassword (check-new-password.server.ts). There are deliberately no
// composition rules (no required digit, capital or symbol) and no character is refused: length
// and the lists are what make a password hard to guess.

/** Fewer code points than this are refused. */
export const PASSWORD_MIN_LENGTH = 8;
/** What the form recommends. */
export const PASSWORD_RECOMMENDED_LENGTH = 15;
/** More code points than this are refused with a message, never cut (a passphrase of 64 is fine). */
export const PASSWORD_MAX_LENGTH = 256;

/** Why a new password was refused. */
export type PasswordProblem = 'too-short' | 'too-long' | 'common' | 'context';

/** What the form says for each problem. */
export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  'too-short': `Use at least ${PASSWORD_MIN_LENGTH} characters; ${PASSWORD_RECOMMENDED_LENGTH} or more is better.`,
  'too-long': `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: 'This is one of the most common passwords, the first ones attackers try. Choose another.',
  context: 'This password is made from your name, your e-mail or the dealership’s name. Choose another.',
};

/** The hint beside the new-password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, ${PASSWORD_RECOMMENDED_LENGTH} or more recommended. Any characters, spaces included; a phrase of a few words works well.`;

/** A password's length as people count it: code points, so an emoji or an accented letter is one, not two. */
export function passwordLength(password: string): number {
  let length = 0;
  for (const _codePoint of password) length += 1;
  return length;
}

/** The length rule alone, as the browser can check it: too short, too long, or null when it fits. */
export function checkPasswordLength(password: string): 'too-short' | 'too-long' | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return 'too-short';
  if (length > PASSWORD_MAX_LENGTH) return 'too-long';
  return null;
}
