import { describe, expect, it } from 'vitest';
import { businessProfile } from '../config/business-profile.server';
import { loadBusinessFile } from '../config/load-business-file.server';
import { staffInvitationEmail, type MailedInvitation } from './staff-invitation-email.server';

const business = businessProfile(loadBusinessFile(undefined), 'https://www.shoregolfcarts.test');
const settings = { from: { name: 'Shore Golf Carts Website', address: 'website@dealer.example' }, business };
const invitation: MailedInvitation = {
  to: { email: 'sam@dealer.example', name: 'Sam <b>O’Neil</b>' },
  role: 'manager',
  invitedBy: { name: 'Robin Owner', email: 'robin@dealer.example' },
  link: 'https://www.shoregolfcarts.test/staff/invitation?token=abc_DEF-123',
  // 23:30 UTC is 18:30 in New Jersey in winter.
  expiresAt: new Date('2026-12-01T23:30:00Z'),
};

describe('the staff invitation e-mail', () => {
  it('says who invited, the role, the link and when it stops working in New Jersey time', () => {
    const message = staffInvitationEmail(invitation, settings);
    expect(message.to).toEqual({ name: 'Sam <b>O’Neil</b>', address: 'sam@dealer.example' });
    expect(message.subject).toBe('You are invited to the Shore Golf Carts staff area');
    const text = String(message.text);
    expect(text).toContain('Robin Owner (robin@dealer.example) invited you to the staff area of the Shore Golf Carts website, with the Manager role.');
    expect(text).toContain('\nhttps://www.shoregolfcarts.test/staff/invitation?token=abc_DEF-123\n');
    expect(text).toContain('until Tuesday, December 1, 2026 at 6:30 PM EST');
    expect(text).toContain('If you did not expect this invitation, ignore this e-mail');
  });

  it('escapes names in the HTML part and names the operator when no owner invited', () => {
    const message = staffInvitationEmail({ ...invitation, invitedBy: null }, settings);
    const html = String(message.html);
    expect(html).toContain('Hello Sam &lt;b&gt;O’Neil&lt;/b&gt;,');
    expect(html).not.toContain('<b>O’Neil');
    expect(html).toContain('href="https://www.shoregolfcarts.test/staff/invitation?token=abc_DEF-123"');
    expect(String(message.text)).toContain('The website’s operator invited you');
  });
});
