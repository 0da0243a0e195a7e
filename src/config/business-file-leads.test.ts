import { describe, expect, test } from 'vitest';
import { businessFileSchema } from './business-file';
import { businessProfile } from './business-profile.server';
import { loadBusinessFile } from './load-business-file.server';

const shipped = loadBusinessFile(undefined);

describe("the business file's leads threshold", () => {
  test('is 60 business minutes when the file does not say', () => {
    expect(shipped.leads).toBeUndefined();
    expect(businessProfile(shipped, 'http://127.0.0.1').leadResponseMinutes).toBe(60);
  });

  test('takes whole minutes from 5 to 1,440', () => {
    const parsed = (leads: unknown) => businessFileSchema.safeParse({ ...shipped, leads });
    expect(businessProfile(parsed({ responseMinutes: 30 }).data!, 'http://127.0.0.1').leadResponseMinutes).toBe(30);
    expect(parsed({}).data?.leads).toEqual({ responseMinutes: 60 });
    for (const refused of [4, 1441, 12.5, '60']) expect(parsed({ responseMinutes: refused }).success).toBe(false);
    expect(parsed({ responseMinutes: 60, other: 1 }).success).toBe(false);
  });
});
