// Parts of a page that start below a phone's first screen: the browser skips their style, layout
// and paint until the visitor scrolls near them (content-visibility: auto), which takes much of the
// first layout's work off the main thread while the page loads and hydrates. The content stays in
// the document, the accessibility tree and find-in-page. Until it is first drawn a part is as tall
// as given here, then as tall as it last was ("auto"); it changes size only off screen, so nothing
// the visitor sees moves. Each height is at least the part's own at every width (measured on the
// built site from 320 to 1920 px): content taller than its placeholder would be laid out over what
// follows whenever a tool measures it undrawn, and axe would check its text against the wrong
// background (the accessibility specs run axe on the undrawn parts). Only light bands: axe reads
// the colours of an undrawn part's links as the browser's defaults (blue), which fail against a
// dark band's background though the drawn links pass.

/** A vehicle card in a grid (398-468 px tall from 320 to 1280 px). */
export const CARD_RENDERED_WHEN_NEAR = '[content-visibility:auto] [contain-intrinsic-size:auto_30rem]';

/** The home page's brands (384-564 px tall). */
export const BRANDS_BAND_RENDERED_WHEN_NEAR = '[content-visibility:auto] [contain-intrinsic-size:auto_40rem]';

/** The home page's map band (694-726 px: the map's reserved 450 px and a heading). */
export const MAP_BAND_RENDERED_WHEN_NEAR = '[content-visibility:auto] [contain-intrinsic-size:auto_48rem]';

/** The home page's Cape May towns (576-1152 px: two tiles a row on phones). */
export const TOWNS_BAND_RENDERED_WHEN_NEAR = '[content-visibility:auto] [contain-intrinsic-size:auto_76rem]';

/** The home page's featured carts: one column below 768 px (at most 1978 px tall below 640 px, 2224 px below 768), then three (808 px). */
export const FEATURED_BAND_RENDERED_WHEN_NEAR =
  '[content-visibility:auto] [contain-intrinsic-size:auto_124rem] sm:[contain-intrinsic-size:auto_140rem] md:[contain-intrinsic-size:auto_52rem]';

/** The home page's showrooms: at most 2012 px tall below 640 px, 1364 px below 768, 1128 px below 1024, then 888 px. */
export const SHOWROOMS_BAND_RENDERED_WHEN_NEAR =
  '[content-visibility:auto] [contain-intrinsic-size:auto_126rem] sm:[contain-intrinsic-size:auto_86rem] md:[contain-intrinsic-size:auto_72rem] lg:[contain-intrinsic-size:auto_56rem]';
