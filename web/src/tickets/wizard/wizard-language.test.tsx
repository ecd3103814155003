// @vitest-environment happy-dom

import { DTC_MESSAGES, quoteTicket, TICKET_MESSAGES, UPLOAD_MESSAGES } from '@ecu/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../i18n';
import { localDb } from '../../local/db';
import { mockApi } from '../../test/api-mock';
import { aUser, findToast, resetDevice } from '../../test/customer';
import { screen, within } from '../../test/rtl';
import { A_VEHICLE, aDraft, renderSteps, signIn } from '../../test/wizard';
import { QUEUED_OFFLINE_TEXT } from '../submitting/upload-progress';
import ModificationPlanPage from './modification-plan-page';
import OverviewPage from './overview-page';
import UploadFilePage from './upload-file-page';
import { EMPTY_VEHICLE, vehicleIssues } from './wizard-state';
import { DRAFT_NOT_SAVED_TEXT, saveDraft } from './wizard-store';
import { quoteLineLabel, wizardText } from './wizard-words';

const STEPS = {
  '/upload-file': <UploadFilePage />,
  '/modification-plan': <ModificationPlanPage />,
  '/overview': <OverviewPage />,
};

beforeEach(async () => {
  await resetDevice();
  await signIn();
  mockApi();
});

describe('the upload wizard in German', () => {
  it('step 1 names its fields and the gearboxes in German and says a missing field in German', async () => {
    await activateLocale('de');
    const { user } = renderSteps(STEPS, '/upload-file');
    expect(await screen.findByRole('heading', { name: 'Fahrzeugparameter' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Datei hochladen', level: 1 })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Schaltgetriebe' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Upload-Schritte' }).textContent).toContain('Schritt 1');

    await user.click(screen.getByRole('button', { name: /Weiter/ }));
    expect(await findToast('Marke ist erforderlich')).toBeTruthy();
  });

  it('step 2 shows the stages, the categories and the surcharges in German', async () => {
    await activateLocale('de');
    await saveDraft(aDraft({ reached: 'modification-plan', plan: null }));
    renderSteps(STEPS, '/modification-plan');
    expect(await screen.findByRole('heading', { name: 'Modifikationsplan', level: 1 })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Getriebe/ })).toBeTruthy();
    expect(screen.getByText('Wählen Sie zuerst eine Stage.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Emissionen', level: 3 })).toBeTruthy();
  });

  it('the overview shows the facts, the quote and the file sizes in German', async () => {
    await activateLocale('de');
    await signIn(localDb, aUser({ credits: 1234.5 }));
    await saveDraft(aDraft());
    renderSteps(STEPS, '/overview');
    expect(await screen.findByRole('heading', { name: 'Überblick', level: 1 })).toBeTruthy();
    expect(screen.getByText('Kennzeichen')).toBeTruthy();
    expect(screen.getByText('Schaltgetriebe')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Grundpreis' })).toBeTruthy();
    // The balance with German separators; a size in the German unit ('Byte', English 'B').
    expect(await screen.findByText('1.234,5 CRD')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Dateien' })).getAllByText(/^\d+ Byte$/)).toHaveLength(
      2,
    );
    expect(screen.getByRole('checkbox', { name: 'Ich akzeptiere die Geschäftsbedingungen' })).toBeTruthy();
  });
});

describe('the English texts the wizard is handed', () => {
  it('all have a German translation, so none shows in English on a German screen', async () => {
    await activateLocale('de');
    const texts = [
      ...Object.values(TICKET_MESSAGES),
      ...Object.values(UPLOAD_MESSAGES),
      DTC_MESSAGES.tooMany,
      DTC_MESSAGES.invalid('X1'),
      DRAFT_NOT_SAVED_TEXT,
      QUEUED_OFFLINE_TEXT,
      ...vehicleIssues(EMPTY_VEHICLE, null).map((issue) => issue.message),
    ];
    expect(texts.filter((text) => wizardText(i18n, text) === text)).toEqual([]);
    expect(wizardText(i18n, DTC_MESSAGES.invalid('X1'))).toContain('„X1“');

    const quote = quoteTicket({ make: 'BMW', stage: 'Stage 1', options: ['EGR OFF'], masterSlave: 'Master' });
    expect(quote.lines.map((line) => quoteLineLabel(i18n, line.label))).toEqual([
      'Grundpreis (ECU-Familie BMW)',
      'EGR OFF (kostenlos mit Stage 1)',
    ]);
  });
});

describe('the upload wizard in Arabic', () => {
  it('keeps the registration, the ECU ID, the option codes, file names and amounts as written', async () => {
    await activateLocale('ar');
    await saveDraft(aDraft({ vehicle: { ...A_VEHICLE, ecuId: 'Bosch EDC17C46' } }));
    renderSteps(STEPS, '/overview');
    expect(await screen.findByRole('heading', { name: 'نظرة عامة', level: 1 })).toBeTruthy();
    expect(screen.getByText('رقم التسجيل')).toBeTruthy();
    expect(screen.getByText('AB12 CDE')).toBeTruthy();
    expect(screen.getByText('Bosch EDC17C46')).toBeTruthy();
    expect(screen.getByText('EGR OFF')).toBeTruthy();
    expect(screen.getByText('golf-ecu.bin')).toBeTruthy();
    expect(within(screen.getByTestId('quote-total')).getByText(/^\d+ CRD$/)).toBeTruthy();
  });
});
