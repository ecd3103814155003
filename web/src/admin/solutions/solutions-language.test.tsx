// @vitest-environment happy-dom
import type { SolutionDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n';
import { mockApi, ok } from '../../test/api-mock';
import { renderWithProviders, tableRows } from '../../test/render';
import { screen } from '../../test/rtl';
import SolutionsPage from './solutions-page';

const admin = { _id: 'admin-1', name: 'Ada Admin' };

function solution(over: Partial<SolutionDto> = {}): SolutionDto {
  return {
    id: 7,
    maker: null,
    family: null,
    softwareNumber: '1037541778',
    hardwareNumber: '0281019421',
    fileSize: 4_194_304,
    stage: 'Gear Box',
    options: ['EGR OFF'],
    items: ['Gear Box', 'EGR OFF'],
    rangeCount: 3,
    bytesChanged: 1412,
    includesChecksum: false,
    state: 'draft',
    approvedBy: null,
    approvedAt: null,
    retiredAt: null,
    timesUsed: 12,
    lastUsedAt: '2026-12-01T09:30:00.000Z',
    createdAt: '2026-11-30T09:00:00.000Z',
    createdBy: admin,
    sourceTicketNumber: 100200,
    ...over,
  };
}

function openLibrary() {
  const api = mockApi();
  api.on(
    'GET',
    '/admin/solutions',
    ok({ solutions: [solution()], nextCursor: null }, { message: 'Solutions' }),
  );
  renderWithProviders(<SolutionsPage />);
  return screen.findByText('1037541778');
}

describe('the solution library in another language', () => {
  it('speaks German: headers, plural counts, stages, states and a German date', async () => {
    await activateLocale('de');
    await openLibrary();
    expect(screen.getByRole('columnheader', { name: 'Zuletzt verwendet' })).toBeTruthy();
    const [row] = tableRows('Lösungen in der Bibliothek');
    expect(row).toEqual(
      expect.arrayContaining([
        'Unbekanntes ECU',
        // The stage in German, the option code as the trade writes it.
        'Getriebe + EGR OFF',
        '3 Bereiche, 1.412 BytesPrüfsumme durch das Flash-Tool',
        'Entwurf',
      ]),
    );
    expect(row?.[5]).toContain('Dez. 2026');
    expect(row?.[7]).toMatch(/Nicht freigegeben.*Aus Ticket #100200$/);
    expect(screen.getByRole('button', { name: 'Lösung 7 für 1037541778 freigeben' })).toBeTruthy();
  });

  it('in Arabic keeps the software number and the ticket number as written', async () => {
    await activateLocale('ar');
    await openLibrary();
    const [row] = tableRows('الحلول في المكتبة');
    expect(row?.[0]).toBe('1037541778#7 · HW 0281019421');
    expect(row?.[7]).toContain('#100200');
    expect(screen.getByRole('button', { name: 'اعتماد الحل 7 لـ 1037541778' })).toBeTruthy();
  });
});
