import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { useStaffLayout } from '../layout/staff-layout';

/**
 * Every staff form: a POST to its route's action (with or without JavaScript) carrying the session's
 * form token, which the staff controller checks before the action runs (docs/decisions/011, "Forgery").
 */
export function StaffForm({
  children,
  action,
  className,
  'aria-labelledby': labelledBy,
}: {
  children: ReactNode;
  action?: string;
  className?: string;
  'aria-labelledby'?: string;
}) {
  const { formToken } = useStaffLayout();
  return (
    <Form method="post" action={action} className={className} aria-labelledby={labelledBy}>
      {formToken ? <input type="hidden" name="formToken" value={formToken} /> : null}
      {children}
    </Form>
  );
}
