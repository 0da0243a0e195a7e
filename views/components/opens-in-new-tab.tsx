import { Icon } from './icon';

/** The mark after a link that opens another site in a new tab, seen and heard. */
export function OpensInNewTab() {
  return (
    <>
      <Icon name="external" className="size-4" />
      <span className="sr-only"> (opens in a new tab)</span>
    </>
  );
}
