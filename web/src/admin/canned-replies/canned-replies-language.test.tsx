// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n';
import { mockApi, ok } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { screen } from '../../test/rtl';
import { CannedRepliesSection } from './canned-replies-section';

function answerReplies() {
  mockApi().on(
    'GET',
    '/admin/canned-replies',
    ok([{ id: 'r1', title: 'Greeting', body: 'Hi {firstName}', updatedAt: '2026-12-02T10:00:00.000Z' }]),
  );
}

describe("the canned replies in the reader's language", () => {
  it('German: heading, buttons, form and the offline note', async () => {
    await activateLocale('de');
    answerReplies();
    renderWithProviders(<CannedRepliesSection online={false} />);
    expect(await screen.findByRole('button', { name: 'Greeting bearbeiten' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Textbausteine' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Neuer Textbaustein' })).toBeTruthy();
    expect(screen.getByLabelText('Titel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Antwort hinzufügen' })).toBeTruthy();
    expect(screen.getByText(/^Tippen Sie \/ am Anfang einer Nachricht/)).toBeTruthy();
    expect(
      screen.getByText(
        'Änderungen sind deaktiviert, bis die Verbindung wieder besteht; nichts wird vorgemerkt.',
      ),
    ).toBeTruthy();
  });

  it("German: the shared schema's messages under the fields", async () => {
    await activateLocale('de');
    answerReplies();
    const { user } = renderWithProviders(<CannedRepliesSection online />);
    await user.click(await screen.findByRole('button', { name: 'Antwort hinzufügen' }));
    expect(screen.getByText('Geben Sie der Antwort einen Titel')).toBeTruthy();
    expect(screen.getByText('Schreiben Sie die Antwort')).toBeTruthy();
  });

  it('Arabic: the reply’s title and its placeholders stay as written', async () => {
    await activateLocale('ar');
    answerReplies();
    renderWithProviders(<CannedRepliesSection online />);
    expect(await screen.findByRole('button', { name: 'تعديل Greeting' })).toBeTruthy();
    expect(screen.getByText('Hi {firstName}')).toBeTruthy();
    expect(screen.getByText(/\{customerName\}/)).toBeTruthy();
  });
});
