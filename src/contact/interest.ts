/** What an inquiry is about: the contact form's first choice, the stored inquiry's field and the lead's. */
export const INTERESTS = ['sales', 'service', 'parts', 'general'] as const;
export type Interest = (typeof INTERESTS)[number];
