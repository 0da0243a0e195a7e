import { expect, test } from 'vitest';
import { escapeMarkup } from './escape-markup.server';

test('markup characters become entities, so visitor text can never open a tag or an attribute', () => {
  expect(escapeMarkup(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;');
});

test('characters XML cannot carry are dropped; letters, emoji and line breaks stay', () => {
  expect(escapeMarkup('Zoë\u0000\u0008 🌊\nnext\ttab\ud800')).toBe('Zoë 🌊\nnext\ttab');
});
