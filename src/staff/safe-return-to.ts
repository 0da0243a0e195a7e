/**
 * Where to go after signing in or confirming it's you, from a `returnTo` a link or form carried: only
 * a path under /staff, so a crafted link can never send a person to another site (`//host`,
 * `/\host`, `https://…`) or elsewhere on this one. Null for anything else: the caller goes to /staff.
 * Shared: the sign-in and confirmation actions and the staff controller use the same rule.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !/^\/staff(\/|$|\?)/.test(value) || value.startsWith('//') || value.includes('\\')) return null;
  // Control characters (a tab or newline inside the path) are dropped by URL parsers in ways a check cannot follow.
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}
