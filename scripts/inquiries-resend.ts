import { z } from 'zod';
import type { DeliveryKind } from '../models/inquiry.repository';
import { resendFailedDeliveries } from '../services/mail-outbox.service';
import { OperatorError, runOperatorCommand } from '../src/cli/operator-command.server';
import { systemClock } from '../src/time/clock';

// npm run inquiries:resend -- ID | --failed: sends failed e-mails again. The failed staff e-mail and
// CRM copy of one inquiry (ID, as npm run inquiries:status lists it), or of every inquiry (--failed),
// become pending and due now; the running site's outbox sends them within seconds (a stopped site,
// when it starts). Prints one line per inquiry queued, no visitor data. An unknown id: exit code 1.
// Wrong arguments: exit code 2.

const USAGE = 'usage: npm run inquiries:resend -- ID | --failed   (ID: an inquiry id, as npm run inquiries:status lists them; --failed: every failed e-mail)';
const NAMES: Record<DeliveryKind, string> = { notification: 'staff e-mail', crmNotification: 'CRM copy' };

class UsageError extends OperatorError {}

const inquiryId = z.guid();

/** Which failed e-mails to send again: one inquiry's, or every inquiry's. */
function parseArguments(args: string[]): { inquiryId?: string } {
  if (args.length !== 1) throw new UsageError([args.length === 0 ? 'name an inquiry id or --failed' : 'one inquiry id, or --failed, at a time', USAGE]);
  const [argument] = args as [string];
  if (argument === '--failed') return {};
  if (argument.startsWith('-')) throw new UsageError([`unknown option ${argument}`, USAGE]);
  if (!inquiryId.safeParse(argument).success) throw new UsageError([`${argument} is not an inquiry id (a UUID, as npm run inquiries:status lists them)`, USAGE]);
  return { inquiryId: argument };
}

runOperatorCommand('inquiries:resend', async ({ env, database }) => {
  let which: { inquiryId?: string };
  try {
    which = parseArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    for (const line of error.lines) process.stderr.write(`${line}\n`);
    return 2;
  }
  await database();
  const queued = await resendFailedDeliveries({ ...which, crmTo: env.CRM_ADF_TO, now: systemClock() });
  if (queued === null) throw new OperatorError([`no inquiry has the id ${which.inquiryId}; npm run inquiries:status lists the failed e-mails`]);
  const crmNote = env.CRM_ADF_TO ? '' : ' (CRM copies are sent only while CRM_ADF_TO is set)';
  if (queued.size === 0) {
    process.stdout.write(`${which.inquiryId ? `inquiry ${which.inquiryId} has no failed e-mail` : 'no failed e-mails'}${crmNote}; nothing queued\n`);
    return 0;
  }
  const count = [...queued.values()].reduce((sum, kinds) => sum + kinds.length, 0);
  process.stdout.write(`queued ${count} failed e-mail${count === 1 ? '' : 's'} of ${queued.size} inquir${queued.size === 1 ? 'y' : 'ies'} to be sent again now\n`);
  for (const [id, kinds] of queued) process.stdout.write(`inquiry ${id}: ${kinds.map((kind) => NAMES[kind]).join(', ')}\n`);
  return 0;
});
