import type { BusinessFile } from './business-file';
import type { Env } from './env.server';

// The shipped sample facts: example.com (and other example) addresses and sample links, and the
// 555-0100 to 555-0199 numbers reserved for fiction.
const PLACEHOLDER = /example|555-01\d\d/i;

/**
 * Where sample values are still in place, by field: "email", "showrooms[0].phone",
 * "PUBLIC_ORIGIN". A production start lists them in one warning line, so a site never goes live
 * with them unnoticed.
 */
export function placeholderFields(business: BusinessFile, env: Pick<Env, 'PUBLIC_ORIGIN' | 'MAIL_FROM' | 'INQUIRY_TO' | 'CRM_ADF_TO'>): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      if (PLACEHOLDER.test(value)) found.push(path);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}[${index}]`));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) if (key !== '$comment') walk(item, path ? `${path}.${key}` : key);
    }
  };
  walk(business, '');
  for (const name of ['MAIL_FROM', 'INQUIRY_TO', 'CRM_ADF_TO'] as const) if (env[name] && PLACEHOLDER.test(env[name])) found.push(name);
  // Unset, PUBLIC_ORIGIN is this machine: canonical links and the sitemap would point there.
  if (/^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(env.PUBLIC_ORIGIN)) found.push('PUBLIC_ORIGIN');
  return found;
}
