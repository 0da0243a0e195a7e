import { data, redirect } from 'react-router';
import type { SiteContentChange } from '../../../src/site-content/site-content';
import type { ContentAnswer } from '../components/site-content-parts';

/** A change's answer for a page: back to the page with "saved" or "deleted", or the form again with why (nothing saved). */
export function contentAnswer<Values>(page: string, change: SiteContentChange, intent: 'save' | 'delete', values?: Values) {
  if (change.ok) return redirect(`${page}?done=${intent === 'save' ? 'saved' : 'deleted'}`, 303);
  return data<ContentAnswer<Values>>(
    { intent, ...(values ? { values } : {}), errors: change.fieldErrors, ...(change.message ? { message: change.message } : {}) },
    { status: change.status },
  );
}

/** Every value of a repeated field (checked boxes). */
export function fieldList(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === 'string');
}
