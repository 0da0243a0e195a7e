import type { SendMailOptions } from 'nodemailer';
import { businessReadableTime } from '../business/business-time';
import type { BusinessProfile } from '../config/business-profile';
import { STAFF_ROLE_LABELS, type StaffRole } from '../staff/staff-role';
import { escapeMarkup } from './escape-markup.server';

/** One invitation as its e-mail tells it; the link carries the token, made when the outbox claimed the message. */
export interface MailedInvitation {
  to: { email: string; name: string };
  role: StaffRole;
  /** The owner who invited, or null for the operator's command. */
  invitedBy: { name: string; email: string } | null;
  /** `PUBLIC_ORIGIN/staff/invitation?token=…`. */
  link: string;
  expiresAt: Date;
}

export interface InvitationMailSettings {
  from: NonNullable<SendMailOptions['from']>;
  business: BusinessProfile;
}

// Stored names are one line already; this keeps a header or a sentence on one line whatever was stored.
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

function inviter(invitation: MailedInvitation): string {
  return invitation.invitedBy ? `${oneLine(invitation.invitedBy.name)} (${invitation.invitedBy.email})` : 'The website’s operator';
}

function roleOf(role: StaffRole): string {
  return `the ${STAFF_ROLE_LABELS[role]} role`;
}

function textBody(invitation: MailedInvitation, business: BusinessProfile): string {
  return [
    `Hello ${oneLine(invitation.to.name)},`,
    '',
    `${inviter(invitation)} invited you to the staff area of the ${business.name} website, with ${roleOf(invitation.role)}.`,
    '',
    'Open this link to accept and set up how you sign in (a passkey, or a password and an authenticator app):',
    invitation.link,
    '',
    `The link works once, until ${businessReadableTime(invitation.expiresAt)}. After that, ask for a new invitation.`,
    '',
    'If you did not expect this invitation, ignore this e-mail: nothing happens unless the link is opened and accepted.',
    '',
  ].join('\n');
}

function htmlBody(invitation: MailedInvitation, business: BusinessProfile): string {
  const h = escapeMarkup;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Your invitation to the ${h(business.name)} staff area</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px;font-size:15px;line-height:1.5;">
<p style="margin:0 0 12px;">Hello ${h(oneLine(invitation.to.name))},</p>
<p style="margin:0 0 12px;">${h(inviter(invitation))} invited you to the staff area of the ${h(business.name)} website, with ${h(roleOf(invitation.role))}.</p>
<p style="margin:0 0 20px;"><a href="${h(invitation.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:999px;">Accept the invitation</a></p>
<p style="margin:0 0 12px;">Then set up how you sign in: a passkey, or a password and an authenticator app.</p>
<p style="margin:0 0 12px;">The link works once, until ${h(businessReadableTime(invitation.expiresAt))}. After that, ask for a new invitation.</p>
<p style="margin:0;font-size:13px;color:#475569;">If you did not expect this invitation, ignore this e-mail: nothing happens unless the link is opened and accepted.</p>
</div>
</body>
</html>
`;
}

/**
 * The invitation e-mail (decision 011, flow 1): who invited, the role, the single-use link and when
 * it stops working in New Jersey time, and what to do with an unexpected one. Addresses go as address
 * objects, never as header text. No fixed Message-ID: each send carries a new link, and a mail
 * client folding two copies into one could keep the copy whose link no longer works.
 */
export function staffInvitationEmail(invitation: MailedInvitation, settings: InvitationMailSettings): SendMailOptions {
  return {
    from: settings.from,
    to: { name: oneLine(invitation.to.name), address: invitation.to.email },
    subject: oneLine(`You are invited to the ${settings.business.name} staff area`),
    text: textBody(invitation, settings.business),
    html: htmlBody(invitation, settings.business),
  };
}
