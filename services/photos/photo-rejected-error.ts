/**
 * A photo that will not be processed: unreadable, not an image, too large, damaged. The message is
 * one line for the operator: where the photo came from (a URL without its query string) and why.
 */
export class PhotoRejectedError extends Error {
  constructor(
    readonly source: string,
    readonly reason: string,
  ) {
    super(`${source}: ${reason}`);
    this.name = 'PhotoRejectedError';
  }
}
