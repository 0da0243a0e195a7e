import type { BusinessProfile } from '../config/business-profile';
import type { Env } from '../config/env.server';
import type { InquiryMailSettings } from './inquiry-emails.server';

/** Who inquiry e-mails come from and go to: MAIL_FROM, INQUIRY_TO and CRM_ADF_TO, else the business's own name and e-mail. */
export function inquiryMailSettings(env: Pick<Env, 'MAIL_FROM' | 'INQUIRY_TO' | 'CRM_ADF_TO'>, business: BusinessProfile): InquiryMailSettings {
  return {
    from: env.MAIL_FROM ?? { name: `${business.name} Website`, address: business.email },
    to: env.INQUIRY_TO ?? business.email,
    crmTo: env.CRM_ADF_TO,
    business,
  };
}
