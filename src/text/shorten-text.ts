/**
 * Text cut to fit a limit the way an editor would: as many whole sentences as fit, or, when not
 * even the first one does, its words up to the limit and an ellipsis. A cut never falls inside a
 * word, a figure ("35-45", "25+") or a name.
 */
export function shortenText(text: string, limit: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= limit) return trimmed;
  let kept = '';
  for (const sentence of trimmed.split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/)) {
    const next = kept ? `${kept} ${sentence}` : sentence;
    if (next.length > limit) break;
    kept = next;
  }
  if (kept) return kept;
  const cut = trimmed.lastIndexOf(' ', limit - 1);
  return `${trimmed.slice(0, cut > 0 ? cut : limit - 1).replace(/[\s,;:.–—-]+$/, '')}…`;
}
