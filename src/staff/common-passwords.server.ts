import { dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn's list of 49,233 common passwords (frequencies from leaked password sets), lower case,
// shipped with the code so that no password is ever sent anywhere to be checked (ASVS 6.2.4,
// 6.2.12). Server-only: the list is 1.9 MB and must never reach a browser bundle. Read once, when
// this module is first imported.
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/** Whether a password, in any letter case, is on the common list. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
