/** A photo source in a feed is a web address (downloaded) or a file path (read from disk). */
export function isWebAddress(source: string): boolean {
  return /^https?:\/\//i.test(source);
}
