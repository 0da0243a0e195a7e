/** "Toms River Township", "Ocean City": the type is not repeated when the name already ends with it. */
export function townName(town: { name: string; type: string }): string {
  return town.name.endsWith(town.type) ? town.name : `${town.name} ${town.type}`;
}
