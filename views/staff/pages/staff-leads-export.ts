import { data, type LoaderFunctionArgs } from 'react-router';
import { leadsContext } from '../../../src/leads/leads';
import { siteDataContext } from '../../../src/route-context/route-context';
import { staffRequestContext } from '../../../src/route-context/staff-route-context';
import { leadFilterFrom } from './lead-filter';
import { staffAnswer } from './owner-answers';

/**
 * /staff/leads/export.csv and /staff/leads/export.xml (every role): the inbox's list as its address
 * filters it, every page of it, as a file to save (the service logs each export in the audit log).
 * A route without a page: the staff controller sends this Response as it is (`handle.file`).
 */
export function leadsExportLoader(format: 'csv' | 'adf') {
  return async ({ request, context }: LoaderFunctionArgs): Promise<Response> => {
    const showrooms = context.get(siteDataContext).business.showrooms.map((showroom) => showroom.id);
    const filter = { ...leadFilterFrom(new URL(request.url).searchParams, showrooms), page: undefined };
    const file = await staffAnswer(() => context.get(leadsContext).export(filter, format, context.get(staffRequestContext)), '/staff/leads');
    if (!file) throw data('No lead matches these filters, so there is nothing to download. Change the filters on the inbox and try again.', { status: 404 });
    return new Response(file.body, {
      headers: {
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };
}
