import type { BusinessProfile } from '../config/business-profile';
import { businessIsoTime } from '../business/business-time';
import { escapeMarkup as x } from './escape-markup';
import { makeAndModel, type InquiryLead } from './inquiry-lead';

/**
 * The lead in Auto-lead Data Format 1.0, the XML dealership CRMs import: the prospect with its
 * request date, the vehicle of interest when the visitor came from a vehicle's page, the customer's
 * contact and message, the dealership as vendor and the website as provider. Every value is
 * escaped, so nothing a visitor typed can add or change an element.
 */
export function buildAdfLead(lead: InquiryLead, business: BusinessProfile): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?ADF VERSION="1.0"?>',
    '<adf>',
    '  <prospect status="new">',
    `    <id sequence="1" source="${x(business.name)} website">${x(lead.id)}</id>`,
    `    <requestdate>${businessIsoTime(lead.createdAt)}</requestdate>`,
  ];
  // A service request is about the visitor's own cart, which ADF has no way to say.
  if (lead.vehicle && lead.interest !== 'service') {
    const { make, model } = makeAndModel(lead.vehicle);
    lines.push(
      `    <vehicle interest="buy" status="${lead.vehicle.condition}">`,
      `      <make>${x(make)}</make>`,
      `      <model>${x(model)}</model>`,
      '    </vehicle>',
    );
  }
  lines.push(
    '    <customer>',
    '      <contact primarycontact="1">',
    `        <name part="first">${x(lead.firstName)}</name>`,
    `        <name part="last">${x(lead.lastName)}</name>`,
    `        <email>${x(lead.email)}</email>`,
    `        <phone type="voice">${x(lead.phone)}</phone>`,
    '      </contact>',
    `      <comments>${x(lead.message)}</comments>`,
    '    </customer>',
    '    <vendor>',
    `      <vendorname>${x(business.name)}</vendorname>`,
    '      <contact>',
    `        <name part="full">${x(business.name)}</name>`,
    `        <email>${x(business.email)}</email>`,
    `        <phone type="voice">${x(business.phone)}</phone>`,
    '      </contact>',
    '    </vendor>',
    '    <provider>',
    `      <name part="full">${x(business.name)} website</name>`,
    '      <service>Website contact form</service>',
    `      <url>${x(business.origin)}</url>`,
    '    </provider>',
    '  </prospect>',
    '</adf>',
  );
  return `${lines.join('\n')}\n`;
}
