import { createHash, randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import type { SendMailOptions } from 'nodemailer';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { staffRepository } from '../../models/staff.repository';
import { createAuditLog } from '../../services/audit-log.service';
import { createStaffInvitations } from '../../services/staff/staff-invitations.service';
import type { MailTransport } from '../../src/mail/mail-transport.server';
import type { StaffRequest } from '../../src/staff/staff-request';
import { useTestApp } from '../support/test-app';
import { testClock } from '../support/test-clock';

/**
 * An owner's invitation goes out through the site's outbox (decision 011, flow 1): stored without a
 * link, the link made when the outbox claims the e-mail (only its hash kept, 24 hours), and a send
 * tried again carries a new link while the earlier one stops working.
 */

const clock = testClock(new Date('2026-11-26T15:00:00Z'));
const site = useTestApp({ PUBLIC_ORIGIN: 'https://carts.example' }, { clock: clock.now });

/** A signed-in owner's request, as the owner's page hands it to the invitations service. */
async function ownerRequest(): Promise<StaffRequest> {
  const owner =
    (await staffRepository.find({ email: 'robin@dealer.example' })) ??
    (await staffRepository.createInvited({
      email: 'robin@dealer.example',
      name: 'Robin Owner',
      role: 'owner',
      webAuthnUserId: randomBytes(16),
      invitedBy: { operator: true },
      now: clock.now(),
    }))!;
  await staffRepository.setStatus(owner.id, 'active', { now: clock.now() });
  return {
    session: {
      id: new mongoose.Types.ObjectId().toHexString(),
      purpose: 'staff',
      staff: { id: owner.id, email: owner.email, name: owner.name, role: 'owner' },
      signedInWith: 'passkey',
      createdAt: clock.now(),
      reauthenticatedAt: clock.now(),
    },
    client: { address: '127.0.0.1', userAgent: 'test', requestId: 'test' },
    formToken: null,
    presented: { sessionToken: null, knownBrowserToken: null },
    cookies: {},
    origin: site.env.PUBLIC_ORIGIN,
  };
}

async function inviteByOwner(email: string, name: string) {
  const invitations = createStaffInvitations({
    clock: clock.now,
    audit: createAuditLog({ clock: clock.now, logger: pino({ level: 'silent' }) }),
    origin: site.env.PUBLIC_ORIGIN,
  });
  return invitations.invite({ email, name, role: 'sales' }, await ownerRequest());
}

/** A transport that keeps what it is given; with `failing`, it also refuses, as a mail server dropping the connection after the message would. */
function recordingTransport(failing = false): MailTransport & { sent: SendMailOptions[] } {
  const sent: SendMailOptions[] = [];
  return {
    sent,
    send: async (message) => {
      sent.push(message);
      if (failing) throw Object.assign(new Error('connection lost'), { code: 'ECONNRESET' });
    },
    close: () => undefined,
  };
}

async function drain(transport: MailTransport): Promise<number> {
  const outbox = site.outbox(transport);
  const sent = await outbox.drain();
  await outbox.stop();
  return sent;
}

const linkIn = (message: SendMailOptions) => /https:\/\/carts\.example\/staff\/invitation\?token=[A-Za-z0-9_-]{43}/.exec(String(message.text))![0];
const pathOf = (link: string) => `${new URL(link).pathname}${new URL(link).search}`;

describe("an owner's invitation", () => {
  it('is e-mailed by the outbox with a link made at sending: who invited, the role, the New Jersey expiry', async () => {
    const outcome = await inviteByOwner('casey@dealer.example', 'Casey Seller');
    expect(outcome.kind).toBe('invited');
    const stored = await mongoose.connection.collection('staff_invitations').findOne({ email: 'casey@dealer.example' });
    expect(stored?.tokenHash).toBeUndefined();
    expect(stored?.delivery?.status).toBe('pending');

    const transport = recordingTransport();
    expect(await drain(transport)).toBe(1);
    expect(transport.sent).toHaveLength(1);
    const [message] = transport.sent as [SendMailOptions];
    expect(message.to).toEqual({ name: 'Casey Seller', address: 'casey@dealer.example' });
    const text = String(message.text);
    expect(text).toContain('Robin Owner (robin@dealer.example) invited you to the staff area of the Shore Golf Carts website, with the Sales role.');
    // Made at 10:00 EST, so it stops working at 10:00 EST the next day.
    expect(text).toContain('The link works once, until Friday, November 27, 2026 at 10:00 AM EST.');
    expect(text).toContain('If you did not expect this invitation, ignore this e-mail');
    const link = linkIn(message);
    expect(String(message.html)).toContain(link.replace(/&/g, '&amp;'));

    const sent = await mongoose.connection.collection('staff_invitations').findOne({ email: 'casey@dealer.example' });
    expect(sent?.delivery?.status).toBe('sent');
    expect(sent?.tokenHash).toBe(createHash('sha256').update(new URL(link).searchParams.get('token')!).digest('hex'));
    expect(sent?.expiresAt).toEqual(new Date('2026-11-27T15:00:00Z'));
    expect(JSON.stringify(sent)).not.toContain(new URL(link).searchParams.get('token'));

    const page = await request(site.app).get(pathOf(link));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Casey Seller');
    expect(await mongoose.connection.collection('audit_events').countDocuments({ kind: 'invitation.sent', 'subject.email': 'casey@dealer.example' })).toBe(1);

    // Sent once: the next drain has nothing to send.
    const later = recordingTransport();
    expect(await drain(later)).toBe(0);
    expect(later.sent).toHaveLength(0);
  });

  it('carries a new link when its sending is tried again, and the earlier link stops working', async () => {
    await inviteByOwner('jamie@dealer.example', 'Jamie Seller');
    const dropped = recordingTransport(true);
    expect(await drain(dropped)).toBe(0);
    const firstLink = linkIn(dropped.sent[0]!);
    expect((await mongoose.connection.collection('staff_invitations').findOne({ email: 'jamie@dealer.example' }))?.delivery?.status).toBe('pending');

    // The back-off passes on the site's clock.
    clock.advance(60_000);
    const transport = recordingTransport();
    expect(await drain(transport)).toBe(1);
    const secondLink = linkIn(transport.sent[0]!);
    expect(secondLink).not.toBe(firstLink);
    expect((await request(site.app).get(pathOf(firstLink))).status).toBe(404);
    expect((await request(site.app).get(pathOf(secondLink))).status).toBe(200);
  });

  it('replaces the earlier invitation of the same person when the owner invites again', async () => {
    await inviteByOwner('morgan@dealer.example', 'Morgan Seller');
    const first = recordingTransport();
    await drain(first);
    const again = await inviteByOwner('morgan@dealer.example', 'Morgan Seller');
    expect(again).toMatchObject({ kind: 'invited', reinvited: true });
    const second = recordingTransport();
    await drain(second);
    expect(second.sent).toHaveLength(1);
    expect((await request(site.app).get(pathOf(linkIn(first.sent[0]!)))).status).toBe(404);
    expect((await request(site.app).get(pathOf(linkIn(second.sent[0]!)))).status).toBe(200);
  });
});
