/**
 * "1,204": a figure as Americans write it, rounded to a whole number (halves away from zero), with
 * commas between thousands. Written out rather than asked of Intl or toLocaleString because the
 * browser loads its locale data on the first such call, 20-60 ms of a phone's main thread while
 * the page hydrates, and the site only ever writes en-US.
 */
export function formatFigure(value: number): string {
  const whole = String(Math.round(Math.abs(value)));
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return value <= -0.5 ? `-${grouped}` : grouped;
}
