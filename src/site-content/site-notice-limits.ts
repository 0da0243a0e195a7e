/** The longest site notice: one or two lines on a phone. Its own file, so the notice's schema and the staff page share it without a cycle. */
export const SITE_NOTICE_MAX = 200;
