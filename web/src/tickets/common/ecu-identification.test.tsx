import { type EcuIdentification, identifyEcu } from '@ecu/shared';
import { MB, makeBinary, truncated } from '@ecu/shared/ecu-identify/test-binaries';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { EcuIdentificationView } from './ecu-identification';

// The view speaks the reader's language: it renders inside the app's language provider.
const render = (result: EcuIdentification, card = false) =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <EcuIdentificationView result={result} card={card} />
    </I18nProvider>,
  );

/** The `<dt>`/`<dd>` pairs of the view, in order. */
function facts(html: string): [string, string][] {
  return [...html.matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map((m) => [m[1]!, m[2]!]);
}

/** The visible text of each warning in the status region. */
function warnings(html: string): string[] {
  const status = html.match(/<div role="status"[^>]*>(.*?)<\/div>/)?.[1] ?? '';
  return [...status.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
}

const bosch = makeBinary({
  size: 2 * MB,
  randomBytes: 1.5 * MB,
  strings: [{ offset: 0x40000, text: '0281017946 1037512345 EDC17C46 03L906018JL VIN:WVWZZZ1KZ8W123456' }],
});

describe('EcuIdentificationView', () => {
  it('shows the recognised fields, the flash size formatted, and no file size when it is the flash size', () => {
    const html = render(identifyEcu(bosch));
    expect(facts(html)).toEqual([
      ['Maker', 'Bosch'],
      ['ECU family', 'EDC17C46 (diesel)'],
      ['Hardware number', '0281017946'],
      ['Software number', '1037512345'],
      ['Part number', '03L906018JL'],
      ['VIN', 'WVWZZZ1KZ8W123456'],
      ['Flash size', '2.00 MB'],
    ]);
    expect(html).not.toContain('Nothing recognisable');
    expect(warnings(html)).toEqual([]);
  });

  it('is a region named by its heading, a card with an h2 on ticket pages', () => {
    const html = render(identifyEcu(bosch), true);
    const id = html.match(/<section[^>]*aria-labelledby="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<h2 id="${id}" class="ecu-id-heading">ECU identification</h2>`);
    expect(html).toMatch(/<section class="card ticket-card ecu-id"/);
    expect(render(identifyEcu(bosch))).toContain('<h3');
  });

  it('lists the warnings as advice in a status region, with the file size of an unknown size', () => {
    const result = identifyEcu(truncated(bosch, 2 * MB - 4096), {
      expected: { maker: 'Delphi', family: 'Delphi DCM3.5' },
    });
    const html = render(result);
    expect(facts(html)).toContainEqual(['File size', '2.00 MB']);
    expect(facts(html).map(([label]) => label)).not.toContain('Flash size');
    const items = warnings(html);
    expect(items).toContain('Warning: The file looks like Bosch EDC17C46, but Delphi DCM3.5 was chosen.');
    expect(items.some((t) => /^Warning: .*the read may have stopped early\.$/.test(t))).toBe(true);
    expect(items).toHaveLength(result.warnings.length);
  });

  it('says when nothing is recognisable, and still shows the warnings', () => {
    const html = render(identifyEcu(makeBinary({ size: 3 * MB + 17, randomBytes: 'all' })));
    expect(html).toContain('Nothing recognisable in this file.');
    expect(facts(html)).toEqual([['File size', '3.00 MB']]);
    expect(warnings(html)).toEqual([
      'Warning: The file is 3.00 MB (3145745 bytes): no ECU flash we know has this size.',
    ]);
  });
});
