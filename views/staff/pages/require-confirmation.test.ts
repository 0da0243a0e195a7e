import { RouterContextProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import { staffRequestContext, staffSessionsContext } from '../../../src/route-context/staff-route-context';
import type { StaffRequest } from '../../../src/staff/staff-request';
import type { StaffSessions } from '../../../src/staff/staff-sessions';
import { requireConfirmation } from './require-confirmation';

function contextWith(recentlyConfirmed: boolean): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(staffRequestContext, {} as StaffRequest);
  context.set(staffSessionsContext, { isRecentlyConfirmed: () => recentlyConfirmed } as unknown as StaffSessions);
  return context;
}

function thrown(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('a sensitive change asks the person to confirm it is them', () => {
  test('within 5 minutes of signing in or confirming, the change goes ahead', () => {
    expect(thrown(() => requireConfirmation(contextWith(true), '/staff/account'))).toBeUndefined();
  });

  test('later, a 303 to the confirmation page that returns to the page', () => {
    const response = thrown(() => requireConfirmation(contextWith(false), '/staff/people/abc?tab=roles')) as Response;
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/staff/confirm?returnTo=%2Fstaff%2Fpeople%2Fabc%3Ftab%3Droles');
  });

  test('a return address outside the staff area becomes the staff home', () => {
    const response = thrown(() => requireConfirmation(contextWith(false), '//evil.example/staff')) as Response;
    expect(response.headers.get('Location')).toBe('/staff/confirm?returnTo=%2Fstaff');
  });
});
