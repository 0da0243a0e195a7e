export interface LegalPage {
  path: '/privacy' | '/terms';
  title: string;
  summary: string;
  updated: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

/** Plain-language policies for a dealership site that stores inquiries and e-mails them to staff. */
export const legalPages: Record<'privacy' | 'terms', LegalPage> = {
  privacy: {
    path: '/privacy',
    title: 'Privacy Policy',
    summary: 'What we collect when you contact us, why, and how long we keep it.',
    updated: 'November 2026',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'When you send us a message through the contact form we store the details you enter: your first and last name, e-mail address, phone number, the topic of your inquiry and your message, together with the time it was sent.',
          'Browsing the site does not require an account, and we do not use advertising cookies or sell information about you to anyone.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'Your inquiry is e-mailed to our sales and service staff so that a person can answer it, and may be copied into our customer records system so we can follow up on a quote, rental or service appointment.',
          'We use your details only to respond to you and to provide what you asked about. We do not add you to a newsletter unless you ask us to.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'We keep inquiries for as long as we need them to serve you and to meet our record-keeping obligations, and then delete them. You can ask us at any time to see, correct or delete what we hold about you.',
        ],
      },
      {
        heading: 'Embedded maps',
        paragraphs: [
          'Some pages show an embedded map from Google Maps. When you scroll to a map, your browser loads it from Google, which applies its own privacy policy.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['Questions about your information can be sent by e-mail or phone using the details at the foot of every page.'],
      },
    ],
  },
  terms: {
    path: '/terms',
    title: 'Terms of Service',
    summary: 'The terms that apply when you use this website.',
    updated: 'November 2026',
    sections: [
      {
        heading: 'About this site',
        paragraphs: [
          'This website describes the electric golf carts and low-speed vehicles we sell, rent and service. Using it does not create a purchase, rental or service agreement; those are made in writing at our dealership.',
        ],
      },
      {
        heading: 'Prices and availability',
        paragraphs: [
          'Prices are in US dollars, exclude taxes, registration and delivery unless stated, and are subject to availability and change without notice. Financing is offered by third-party lenders on approved credit; a promotional rate applies only to the models and dates its offer names.',
          'Specifications and illustrations are provided by the manufacturers or drawn for this site and may differ from the vehicle on the lot. Please confirm the details that matter to you with our staff.',
        ],
      },
      {
        heading: 'Rentals',
        paragraphs: [
          'Rental periods run in 24-hour increments; early returns are not refunded. Delivery is charged at $6 per mile beyond 10 miles. Full rental terms are given in the rental agreement.',
        ],
      },
      {
        heading: 'Street use',
        paragraphs: [
          'Only vehicles registered as low-speed vehicles may be driven on public roads, and only where local law allows. Drivers are responsible for following New Jersey and local rules.',
        ],
      },
      {
        heading: 'Links to other sites',
        paragraphs: ['Links to manufacturers, lenders and maps open other websites that we do not control and whose own terms apply.'],
      },
      {
        heading: 'Liability',
        paragraphs: [
          'We take care to keep this site accurate, but it is provided as is. To the extent the law allows, we are not liable for losses arising from its use.',
        ],
      },
    ],
  },
};
