/** Model years run at most a year ahead of the calendar: in 2026, a 2027 model is on sale. */
export function latestModelYear(today: Date): number {
  return today.getFullYear() + 1;
}
