/** The first line of a db:export file names its format, so db:import refuses anything else. */
export const EXPORT_FORMAT = 'shore-golf-carts-export/1';
