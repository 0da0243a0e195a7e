import { describe, expect, it } from 'vitest';
import { initialAssets, type BuildManifest } from './page-assets.server';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_card.js': { file: 'assets/card.js', imports: ['_react.js'] },
  '_zod.js': { file: 'assets/zod.js' },
  'views/pages/home-page.tsx': { file: 'assets/home-page.js', imports: ['_card.js', '_react.js'] },
  'views/pages/contact-page.tsx': { file: 'assets/contact-page.js', imports: ['_card.js', '_zod.js'] },
};

describe('initialAssets', () => {
  it('lists the entry and the matched page chunk with their static imports, each once', () => {
    expect(initialAssets(manifest, ['root', 'pages', 'home-page'])).toEqual({
      entry: ['assets/index.js', 'assets/react.js'],
      page: ['assets/home-page.js', 'assets/card.js'],
      styles: ['assets/index.css'],
    });
  });

  it("leaves out another page type's code", () => {
    expect(initialAssets(manifest, ['home-page']).page).not.toContain('assets/zod.js');
    expect(initialAssets(manifest, ['contact-page']).page).toContain('assets/zod.js');
  });
});
