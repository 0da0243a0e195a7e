import { describe, expect, it } from 'vitest';
import { VALID_INQUIRY } from '../test/support/fixtures';
import { invalidFields } from '../test/support/invalid-fields';
import { InquiryCollection } from './inquiry.model';

const inquiry = VALID_INQUIRY;

describe('InquiryCollection', () => {
  it('sets id, createdAt and a pending notification due now', async () => {
    const before = Date.now();
    const form = new InquiryCollection(inquiry);
    expect(await invalidFields(form)).toEqual([]);
    expect(form.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(form.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(form.notification).toMatchObject({ status: 'pending', attempts: 0 });
    expect(form.notification.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(form.crmNotification).toBeUndefined();
  });

  it('requires every field the visitor fills in, and a known interest', async () => {
    const form = new InquiryCollection({ ...inquiry, firstName: '', message: undefined, interest: 'rentals' });
    expect(await invalidFields(form)).toEqual(['firstName', 'interest', 'message']);
  });

  it('answers JSON with id and an ISO createdAt, never _id', () => {
    const json = JSON.parse(JSON.stringify(new InquiryCollection(inquiry))) as Record<string, unknown>;
    expect(json).not.toHaveProperty('_id');
    expect(json).not.toHaveProperty('__v');
    expect(json.id).toEqual(expect.any(String));
    expect(json.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
