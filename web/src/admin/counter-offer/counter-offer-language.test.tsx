// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n';
import { ticketDto } from '../../test/admin-fixtures';
import { mockApi } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { screen, within } from '../../test/rtl';
import { ProposePlanCard } from './propose-plan-card';

describe("the desk's 'Propose a different plan' in the reader's language", () => {
  it('German: heading, labels, stages and the price line', async () => {
    await activateLocale('de');
    mockApi();
    const ticket = ticketDto({ status: 'In Progress', creditsNeed: 1 });
    renderWithProviders(<ProposePlanCard ticket={ticket} online onProposed={() => {}} />);
    const card = screen.getByRole('region', { name: 'Einen anderen Plan vorschlagen' });
    expect(within(card).getByLabelText('Nachricht an den Kunden')).toBeTruthy();
    expect(within(card).getByRole('group', { name: 'Lösungen' })).toBeTruthy();
    expect(within(card).getByRole('option', { name: 'Originaldatei (zurück auf Serie)' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'An den Kunden senden' })).toBeTruthy();
    expect(within(card).getByText(/^Preisdifferenz:/).textContent).toMatch(/\(jetzt 1, dann 1\)$/);
  });

  it('Arabic: Stage 1 and option codes stay as written', async () => {
    await activateLocale('ar');
    mockApi();
    const ticket = ticketDto({ status: 'In Progress', creditsNeed: 1 });
    renderWithProviders(<ProposePlanCard ticket={ticket} online onProposed={() => {}} />);
    const card = screen.getByRole('region', { name: 'اقتراح خطة مختلفة' });
    expect(within(card).getByRole('option', { name: 'Stage 1' })).toBeTruthy();
    expect(within(card).getByRole('checkbox', { name: 'DTC OFF' })).toBeTruthy();
  });
});
