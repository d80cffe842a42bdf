import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('turns every character that could open markup or end an attribute into its entity', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('admin@acme.example: 20 licences')).toBe('admin@acme.example: 20 licences');
  });
});
