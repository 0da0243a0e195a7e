import { z } from 'zod';
import { createAuditLog } from '../services/audit-log.service';
import { createStaffInvitations } from '../services/staff/staff-invitations.service';
import { businessReadableTime } from '../src/business/business-time';
import { OperatorError, runOperatorCommand } from '../src/cli/operator-command.server';
import { STAFF_ROLES, type StaffRole } from '../src/staff/staff-role';
import { staffRoleSchema } from '../src/staff/staff-role-schema.server';
import { systemClock } from '../src/time/clock';

// npm run staff:invite -- EMAIL --role owner [--name "…"] [--reset-factors] (in the image: node
// dist/server/staff-invite.js …): the first owner's way in, and a sole owner's way back. Creates the
// invited staff member and an invitation, and prints the single-use link (24 hours) as the last line,
// for the operator to hand over; no e-mail is sent. Works while the site runs (the same database).
// An existing account is refused, unless --reset-factors: its sign-in methods and sessions are
// removed and a new link is made (decision 011, flow 7). Wrong arguments: exit code 2.

const USAGE = `usage: npm run staff:invite -- EMAIL --role ${STAFF_ROLES.join('|')} [--name "Full Name"] [--reset-factors]`;

class UsageError extends OperatorError {}

interface InviteArguments {
  email: string;
  role: StaffRole;
  name?: string;
  resetFactors: boolean;
}

const emailSchema = z.email().max(254);
const nameSchema = z.string().trim().min(1).max(100);

/** The command's arguments, or a UsageError naming what is wrong. */
function parseInviteArguments(args: readonly string[]): InviteArguments {
  const emails: string[] = [];
  let role: string | undefined;
  let name: string | undefined;
  let resetFactors = false;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index]!;
    const [option, inline] =
      argument.startsWith('--') && argument.includes('=') ? [argument.slice(0, argument.indexOf('=')), argument.slice(argument.indexOf('=') + 1)] : [argument, undefined];
    const value = () => {
      const given = inline ?? args[(index += 1)];
      if (given === undefined) throw new UsageError([`${option} needs a value`, USAGE]);
      return given;
    };
    if (option === '--role') role = value();
    else if (option === '--name') name = value();
    else if (option === '--reset-factors' && inline === undefined) resetFactors = true;
    else if (option.startsWith('-')) throw new UsageError([`unknown option ${option}`, USAGE]);
    else emails.push(argument);
  }
  if (emails.length !== 1) throw new UsageError([emails.length === 0 ? 'name the e-mail address to invite' : 'one e-mail address at a time', USAGE]);
  const email = emails[0]!.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw new UsageError([`${emails[0]} is not an e-mail address`, USAGE]);
  if (role === undefined) throw new UsageError(['--role is required', USAGE]);
  const parsedRole = staffRoleSchema.safeParse(role);
  if (!parsedRole.success) throw new UsageError([`--role ${role}: must be one of ${STAFF_ROLES.join(', ')}`, USAGE]);
  if (name !== undefined && !nameSchema.safeParse(name).success) throw new UsageError(['--name must be 1 to 100 characters', USAGE]);
  return { email, role: parsedRole.data, ...(name === undefined ? {} : { name: name.trim() }), resetFactors };
}

runOperatorCommand('staff:invite', async ({ env, logger, database }) => {
  let invite: InviteArguments;
  try {
    invite = parseInviteArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    for (const line of error.lines) process.stderr.write(`${line}\n`);
    return 2;
  }
  await database();
  const clock = systemClock;
  const invitations = createStaffInvitations({ clock, audit: createAuditLog({ clock, logger }), origin: env.PUBLIC_ORIGIN });
  const outcome = await invitations.inviteByOperator(invite);
  if (outcome.kind === 'exists') {
    throw new OperatorError([
      `${invite.email} already has a staff account (${outcome.status}); nothing changed.`,
      'To send that person a new invitation, which removes their passkeys, password, authenticator app and sessions, add --reset-factors.',
    ]);
  }
  if (outcome.kind === 'role-differs') {
    throw new OperatorError([
      `${invite.email} is ${outcome.role === 'owner' ? 'an' : 'a'} ${outcome.role}; with --reset-factors, --role must be ${outcome.role}. Nothing changed.`,
    ]);
  }
  const what = outcome.kind === 'reset' ? `sign-in methods of ${invite.email} removed; they enrol again` : `invited ${invite.email} as ${invite.role}`;
  process.stdout.write(`${what}. The link works once, until ${businessReadableTime(outcome.expiresAt)}:\n`);
  process.stdout.write(`${outcome.link}\n`);
  return 0;
});
