import type { BusinessProfile } from '../config/business-profile';
import { businessIsoTime } from '../business/business-time';
import { INTEREST_LABELS } from '../contact/contact-schema';
import { rentalPlanLabel } from '../contact/contact-prefill';
import { isVin } from '../catalog/vin';
import { escapeMarkup as x } from './escape-markup.server';
import type { UnitOfInterest } from '../contact/vehicle-of-interest';
import { makeAndModel, type MailedInquiry } from './mailed-inquiry.server';
import { leadSourceRows } from './lead-source-rows.server';

/** What an inquiry without a vehicle to sell is about, for the CRM: "Rental: 6 Seater Golf Cart Weekly Rental". */
function generalInterest(lead: MailedInquiry): string {
  if (lead.plan) return `Rental: ${rentalPlanLabel(lead.plan) ?? lead.plan}`;
  const label = INTEREST_LABELS[lead.interest];
  if (lead.interest === 'service') {
    const what = [lead.vehicle ? `the customer's own ${lead.vehicle.name}` : undefined, lead.topic].filter(Boolean).join(', ');
    return `Service request${what ? `: ${what}` : ''}`;
  }
  return lead.topic ? `${label} inquiry: ${lead.topic}` : `${label} inquiry, no particular vehicle`;
}

/**
 * What a CRM files a unit by, in the order the DTD gives: VIN (for a street-legal LSV), stock
 * number, miles, condition, color, the asking price, and a serial number that is no VIN as a comment.
 */
function unitLines(condition: string, unit: UnitOfInterest): string[] {
  const serial = unit.serialNumber;
  return [
    ...(serial && isVin(serial) ? [`      <vin>${x(serial)}</vin>`] : []),
    `      <stock>${x(unit.stockNumber)}</stock>`,
    ...(unit.odometer !== undefined ? [`      <odometer units="mi">${unit.odometer}</odometer>`] : []),
    `      <condition>${x(condition)}</condition>`,
    ...(unit.color
      ? ['      <colorcombination>', `        <exteriorcolor>${x(unit.color)}</exteriorcolor>`, '        <preference>1</preference>', '      </colorcombination>']
      : []),
    ...(unit.price !== null ? [`      <price type="asking" currency="USD">${unit.price}</price>`] : []),
    ...(serial && !isVin(serial) ? [`      <comments>Serial number ${x(serial)}</comments>`] : []),
  ];
}

/**
 * The vehicle element ADF 1.0 requires in every prospect (vehicle+, each with year, make and
 * model). For a vehicle the visitor asked about: its model year, make and model, as a test drive
 * when that is what they asked for. For anything else (a rental, a service visit for their own
 * cart, a general question) the general-interest form lead providers send: year, make and model
 * present but empty, and comments saying what the inquiry is about. Nothing is made up, so a CRM
 * never shows a vehicle nobody asked about; see the README (ADF leads).
 */
function vehicleLines(lead: MailedInquiry): string[] {
  if (lead.vehicle && lead.interest !== 'service') {
    const { make, model } = makeAndModel(lead.vehicle);
    const interest = /test drive/i.test(lead.topic ?? '') ? 'test-drive' : 'buy';
    // ADF knows new and used; a certified cart is a used one.
    const status = lead.vehicle.condition === 'new' ? 'new' : 'used';
    return [
      `    <vehicle interest="${interest}" status="${status}">`,
      `      <year>${lead.vehicle.year ?? ''}</year>`,
      `      <make>${x(make)}</make>`,
      `      <model>${x(model)}</model>`,
      ...(lead.vehicle.unit ? unitLines(lead.vehicle.condition, lead.vehicle.unit) : []),
      '    </vehicle>',
    ];
  }
  return [
    '    <vehicle interest="buy" status="new">',
    '      <year></year>',
    '      <make></make>',
    '      <model></model>',
    `      <comments>${x(generalInterest(lead))}</comments>`,
    '    </vehicle>',
  ];
}

/**
 * The lead in Auto-lead Data Format 1.0, the XML dealership CRMs import, valid against the ADF 1.0
 * DTD (test/fixtures/adf-1.0.dtd): the prospect with its request date, the vehicle, the customer's
 * contact and message, the dealership as vendor and the website as provider. Every value is
 * escaped, so nothing a visitor typed can add or change an element.
 */
export function buildAdfLead(lead: MailedInquiry, business: BusinessProfile): string {
  // Where the lead came from, in the two places CRMs show: the provider's service (the campaign, as
  // lead-source reports group leads) and the customer comments (every detail, below the message).
  const source = leadSourceRows(lead.source, business.origin);
  const campaign = [lead.source?.utmSource, lead.source?.utmMedium, lead.source?.utmCampaign].filter(Boolean).join(' / ');
  const comments = source.length > 0 ? `${lead.message}\n\n--\nLead source\n${source.map(([label, value]) => `${label}: ${value}`).join('\n')}` : lead.message;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?ADF VERSION="1.0"?>',
    '<adf>',
    '  <prospect status="new">',
    `    <id sequence="1" source="${x(business.name)} website">${x(lead.id)}</id>`,
    `    <requestdate>${businessIsoTime(lead.createdAt)}</requestdate>`,
    ...vehicleLines(lead),
    '    <customer>',
    '      <contact primarycontact="1">',
    `        <name part="first">${x(lead.firstName)}</name>`,
    `        <name part="last">${x(lead.lastName)}</name>`,
    `        <email>${x(lead.email)}</email>`,
    `        <phone type="voice">${x(lead.phone)}</phone>`,
    '      </contact>',
    `      <comments>${x(comments)}</comments>`,
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
    `      <service>Website contact form${campaign ? ` (${x(campaign)})` : ''}</service>`,
    `      <url>${x(business.website)}</url>`,
    '    </provider>',
    '  </prospect>',
    '</adf>',
  ];
  return `${lines.join('\n')}\n`;
}
