/** A feed file's text, and whether every byte of it was text in the encoding it was read in. */
export interface FeedText {
  text: string;
  /** UTF-8, unless the file starts with a UTF-16 byte order mark: the only encoding a file can declare. */
  encoding: 'UTF-8' | 'UTF-16LE' | 'UTF-16BE';
  /**
   * False when some bytes are not text in that encoding (a feed saved as Windows-1252 or Latin-1):
   * each was read as U+FFFD (�), and a cell holding one must be refused, never published.
   */
  valid: boolean;
}

/**
 * Reads a feed file's bytes as text: UTF-8 (a byte order mark is dropped), or UTF-16 when a byte
 * order mark declares it, as spreadsheets' "Unicode text" does. Bytes that are not text in that
 * encoding are kept visible as U+FFFD and reported (`valid: false`), rather than silently replaced.
 */
export function decodeFeedText(bytes: Uint8Array): FeedText {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'UTF-16LE' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'UTF-16BE' : 'UTF-8';
  const label = encoding.toLowerCase();
  try {
    return { text: new TextDecoder(label, { fatal: true }).decode(bytes), encoding, valid: true };
  } catch {
    return { text: new TextDecoder(label).decode(bytes), encoding, valid: false };
  }
}
