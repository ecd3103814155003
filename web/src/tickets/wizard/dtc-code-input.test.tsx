// @vitest-environment happy-dom
import { DTC_MESSAGES } from '@ecu/shared';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { localDb } from '../../local/db';
import { mockApi, setOnline } from '../../test/api-mock';
import { resetDevice } from '../../test/customer';
import { render, screen, waitFor, within } from '../../test/rtl';
import { A_PLAN, aDraft, draftRows, pathElsewhere, renderSteps, signIn } from '../../test/wizard';
import { DtcCodeInput } from './dtc-code-input';
import ModificationPlanPage from './modification-plan-page';
import OverviewPage from './overview-page';
import { saveDraft } from './wizard-store';

/** The wizard's fault-code list (docs/decisions/092-fault-code-lists.md). */

function Harness({ start = [] as string[] }) {
  const [codes, setCodes] = useState<string[]>(start);
  return <DtcCodeInput codes={codes} onChange={setCodes} />;
}

describe('DtcCodeInput', () => {
  it('adds typed codes in capitals, once each, with their descriptions', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Fault code' });
    await user.type(input, ' p0420{Enter}');
    await user.type(input, 'P0420, p1234 u0100');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const list = screen.getByRole('list', { name: 'Fault codes to remove' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'P0420Catalyst system efficiency below threshold (bank 1)Remove',
      'P1234manufacturer-specificRemove',
      'U0100generic codeRemove',
    ]);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('refuses what is not a code with an alert the field points to, and keeps the text', async () => {
    const user = userEvent.setup();
    render(<Harness start={['P0420']} />);
    const input = screen.getByRole('textbox', { name: 'Fault code' });
    await user.type(input, 'P0401 hello');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(DTC_MESSAGES.invalid('HELLO'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect((input as HTMLInputElement).value).toBe('P0401 hello');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);

    await user.clear(input);
    await user.type(input, 'P0401{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('removes a code by its named button', async () => {
    const user = userEvent.setup();
    render(<Harness start={['P0420', 'P0401']} />);
    await user.click(screen.getByRole('button', { name: 'Remove P0420' }));
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.dtc-code')?.textContent)).toEqual([
      'P0401',
    ]);
  });
});

describe('the plan step with DTC OFF', () => {
  beforeEach(async () => {
    await resetDevice();
    await signIn();
    mockApi();
  });

  it('asks for the codes only with DTC OFF, stores them, clears them with DTC OFF, and queues them', async () => {
    await saveDraft(aDraft({ reached: 'modification-plan', plan: { ...A_PLAN } }));
    const user = userEvent.setup();
    renderSteps(
      { '/modification-plan': <ModificationPlanPage />, '/overview': <OverviewPage /> },
      '/modification-plan',
    );
    await screen.findByRole('radio', { name: /Stage 1/ });
    expect(screen.queryByRole('textbox', { name: 'Fault code' })).toBeNull();

    const dtcOff = screen.getByRole('checkbox', { name: /^DTC OFF/ });
    await user.click(dtcOff);
    await user.type(screen.getByRole('textbox', { name: 'Fault code' }), 'P0420 P2002{Enter}');
    await waitFor(async () => expect((await draftRows())[0]?.plan?.dtcCodes).toEqual(['P0420', 'P2002']));

    await user.click(dtcOff);
    expect(screen.queryByRole('textbox', { name: 'Fault code' })).toBeNull();
    await waitFor(async () => expect((await draftRows())[0]?.plan?.dtcCodes).toEqual([]));

    await user.click(dtcOff);
    await user.type(screen.getByRole('textbox', { name: 'Fault code' }), 'p0401{Enter}');
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Fault codes to remove' }).textContent).toContain('P0401');

    setOnline(false);
    await user.click(screen.getByRole('checkbox', { name: /accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await pathElsewhere()).toBe('/my-files');
    const [command] = await localDb.outbox.toArray();
    expect(command?.body).toMatchObject({ options: ['EGR OFF', 'DTC OFF'], dtcCodes: ['P0401'] });
  });
});
