// @vitest-environment happy-dom
import type { AdminSettings, AdminSettingsDto } from '@ecu/shared';
import { describe, expect, it } from 'vitest';
import { auditEntry } from '../../test/admin-fixtures';
import { type ApiMock, deferred, fail, mockApi, ok, setOnline } from '../../test/api-mock';
import { findToast, renderWithProviders } from '../../test/render';
import { act, screen, waitFor, within } from '../../test/rtl';
import SettingsPage from './settings-page';

function settings(): AdminSettings {
  return {
    seller: { companyName: 'Tune Ltd', address: '1 Dyno Road, Leeds', vatId: 'GB123456789' },
    pricing: { defaultPerCreditPrice: 60 },
    support: { supportEmail: 'help@tune.example' },
    hours: {
      timeZone: 'Europe/London',
      week: [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:30' })),
      holidays: [{ date: '2025-12-25', name: 'Christmas Day' }],
    },
    automation: { automaticDelivery: false },
    assignment: { automaticAssignment: false, openTicketLimit: 10 },
    escalation: { pendingMinutes: 0, inProgressMinutes: 0, unansweredMinutes: 0 },
  };
}

/** The settings server: keeps what is saved and answers with the whole page, as the API does. */
function settingsServer(api: ApiMock, history: AdminSettingsDto['history'] = []) {
  let current = settings();
  api.on('GET', '/admin/settings', () => ok({ settings: current, history }, { message: 'Settings' }));
  api.on('PUT', '/admin/settings', ({ body }) => {
    current = { ...current, ...(body as Partial<AdminSettings>) };
    return ok({ settings: current, history }, { message: 'Settings saved' });
  });
  // The page's own push choices (notifications feature).
  api.on('GET', '/notifications/public-key', ok({ publicKey: null }));
  api.on(
    'GET',
    '/notifications/preferences',
    ok({ ticketStatus: true, supportReplies: true, newTickets: true, customerMessages: true }),
  );
  return { saved: () => current };
}

const SECTION_IDS: Record<string, string> = {
  Seller: 'settings-seller',
  Pricing: 'settings-pricing',
  Support: 'settings-support',
  'Working hours': 'settings-hours',
  'Automatic delivery': 'settings-automation',
  Assignment: 'settings-assignment',
  Escalation: 'settings-escalation',
};

/** A section's form (found by test id: role queries over the ~400 time zones are slow). */
function section(name: string): HTMLElement {
  const form = screen.getByTestId(SECTION_IDS[name] ?? name);
  // Still its accessible name: the heading that labels the form.
  expect(document.getElementById(form.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(name);
  return form;
}

async function openSettings(history?: AdminSettingsDto['history']) {
  const api = mockApi();
  const server = settingsServer(api, history);
  const view = renderWithProviders(<SettingsPage />);
  await screen.findByTestId('settings-seller');
  return { api, view, server };
}

describe('the settings page', () => {
  it("shows each section with the server's values", async () => {
    await openSettings();
    const seller = section('Seller');
    expect(within(seller).getByRole('textbox', { name: 'Company name' })).toHaveProperty('value', 'Tune Ltd');
    expect(within(seller).getByRole('textbox', { name: 'Address' })).toHaveProperty(
      'value',
      '1 Dyno Road, Leeds',
    );
    expect(
      within(section('Pricing')).getByRole('textbox', { name: 'Default price per credit (£, before VAT)' }),
    ).toHaveProperty('value', '60.00');
    expect(within(section('Support')).getByRole('textbox', { name: 'Support e-mail' })).toHaveProperty(
      'value',
      'help@tune.example',
    );
    const hours = section('Working hours');
    expect(within(hours).getByRole('combobox', { name: 'Time zone' })).toHaveProperty(
      'value',
      'Europe/London',
    );
    expect(within(hours).getByRole('checkbox', { name: 'Closed on Sunday' })).toHaveProperty('checked', true);
    expect(within(hours).getByLabelText('Opens on Monday')).toHaveProperty('value', '09:00');
    expect(within(hours).getByRole('textbox', { name: 'Name of holiday 1' })).toHaveProperty(
      'value',
      'Christmas Day',
    );
    expect(screen.getByText('No changes recorded yet.')).toBeTruthy();
  });

  it('saves one section, whole, and says so', async () => {
    const { api, view } = await openSettings();
    const seller = section('Seller');
    const name = within(seller).getByRole('textbox', { name: 'Company name' });
    await view.user.clear(name);
    await view.user.type(name, 'Tune Two Ltd');
    expect(within(seller).getByText('Unsaved changes')).toBeTruthy();
    await view.user.click(within(seller).getByRole('button', { name: 'Save seller' }));

    expect(await findToast('Settings saved')).toBeTruthy();
    expect(api.calls('PUT', '/admin/settings')[0]?.body).toEqual({
      seller: { companyName: 'Tune Two Ltd', address: '1 Dyno Road, Leeds', vatId: 'GB123456789' },
    });
    await waitFor(() => expect(within(seller).queryByText('Unsaved changes')).toBeNull());
  });

  it('turns automatic delivery on with its switch, off by default', async () => {
    const { api, view, server } = await openSettings();
    const automation = section('Automatic delivery');
    const toggle = within(automation).getByRole('switch', { name: 'Automatic delivery' });
    expect(toggle).toHaveProperty('checked', false);
    expect(within(automation).getByText('Off: every ticket waits for an engineer.')).toBeTruthy();

    await view.user.click(toggle);
    expect(within(automation).getByText('Unsaved changes')).toBeTruthy();
    await view.user.click(within(automation).getByRole('button', { name: 'Save automatic delivery' }));

    expect(await findToast('Settings saved')).toBeTruthy();
    expect(api.calls('PUT', '/admin/settings')[0]?.body).toEqual({ automation: { automaticDelivery: true } });
    expect(server.saved().automation.automaticDelivery).toBe(true);
    expect(
      await within(automation).findByText('On: covered tickets are delivered from the solution library.'),
    ).toBeTruthy();
    expect(within(automation).queryByText('Unsaved changes')).toBeNull();
  });

  it('sets the open-ticket limit and turns automatic assignment on; refuses a limit of 0', async () => {
    const { api, view, server } = await openSettings();
    const assignment = section('Assignment');
    const limit = within(assignment).getByRole('textbox', { name: 'Open tickets per engineer' });
    const toggle = within(assignment).getByRole('switch', { name: 'Automatic assignment' });
    expect(limit).toHaveProperty('value', '10');
    expect(toggle).toHaveProperty('checked', false);

    await view.user.clear(limit);
    await view.user.type(limit, '0');
    await view.user.click(within(assignment).getByRole('button', { name: 'Save assignment' }));
    expect(await within(assignment).findByText('The limit is at least 1 ticket')).toBeTruthy();
    expect(api.calls('PUT', '/admin/settings')).toHaveLength(0);

    await view.user.clear(limit);
    await view.user.type(limit, '4');
    await view.user.click(toggle);
    await view.user.click(within(assignment).getByRole('button', { name: 'Save assignment' }));
    expect(await findToast('Settings saved')).toBeTruthy();
    expect(api.calls('PUT', '/admin/settings')[0]?.body).toEqual({
      assignment: { automaticAssignment: true, openTicketLimit: 4 },
    });
    expect(server.saved().assignment).toEqual({ automaticAssignment: true, openTicketLimit: 4 });
    expect(
      await within(assignment).findByText('On: new tickets go to the least-loaded engineer on shift.'),
    ).toBeTruthy();
  });

  it('sets the escalation thresholds in minutes; refuses a negative one', async () => {
    const { api, view, server } = await openSettings();
    const escalation = section('Escalation');
    const pending = within(escalation).getByRole('textbox', { name: 'Pending longer than (minutes)' });
    expect(pending).toHaveProperty('value', '0');

    await view.user.clear(pending);
    await view.user.type(pending, '-5');
    await view.user.click(within(escalation).getByRole('button', { name: 'Save escalation' }));
    expect(await within(escalation).findByText('Pending: 0 turns it off, or at least 1 minute')).toBeTruthy();
    expect(api.calls('PUT', '/admin/settings')).toHaveLength(0);

    await view.user.clear(pending);
    await view.user.type(pending, '30');
    const unanswered = within(escalation).getByRole('textbox', {
      name: 'Customer message unanswered longer than (minutes)',
    });
    await view.user.clear(unanswered);
    await view.user.type(unanswered, '15');
    await view.user.click(within(escalation).getByRole('button', { name: 'Save escalation' }));
    expect(await findToast('Settings saved')).toBeTruthy();
    expect(api.calls('PUT', '/admin/settings')[0]?.body).toEqual({
      escalation: { pendingMinutes: 30, inProgressMinutes: 0, unansweredMinutes: 15 },
    });
    expect(server.saved().escalation).toEqual({
      pendingMinutes: 30,
      inProgressMinutes: 0,
      unansweredMinutes: 15,
    });
  });

  it('checks the fields before sending: a required name, a valid price, a valid e-mail', async () => {
    const { api, view } = await openSettings();
    const name = within(section('Seller')).getByRole('textbox', { name: 'Company name' });
    await view.user.clear(name);
    await view.user.click(within(section('Seller')).getByRole('button', { name: 'Save seller' }));
    expect(within(section('Seller')).getByText('Company name is required')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    // Typing clears the field's error.
    await view.user.type(name, 'X');
    expect(within(section('Seller')).queryByText('Company name is required')).toBeNull();

    const price = within(section('Pricing')).getByRole('textbox', {
      name: 'Default price per credit (£, before VAT)',
    });
    for (const typed of ['', '0', '12.345', 'abc']) {
      await view.user.clear(price);
      if (typed) await view.user.type(price, typed);
      await view.user.click(within(section('Pricing')).getByRole('button', { name: 'Save pricing' }));
      expect(within(section('Pricing')).getByText('Enter a valid price')).toBeTruthy();
    }

    const email = within(section('Support')).getByRole('textbox', { name: 'Support e-mail' });
    await view.user.clear(email);
    await view.user.type(email, 'not-an-address');
    await view.user.click(within(section('Support')).getByRole('button', { name: 'Save support' }));
    expect(within(section('Support')).getByText('Enter a valid email address')).toBeTruthy();
    expect(api.calls('PUT', '/admin/settings')).toHaveLength(0);
  });

  it('sends the price as a number of pounds', async () => {
    const { api, view } = await openSettings();
    const price = within(section('Pricing')).getByRole('textbox', {
      name: 'Default price per credit (£, before VAT)',
    });
    await view.user.clear(price);
    await view.user.type(price, ' 72.5 ');
    await view.user.click(within(section('Pricing')).getByRole('button', { name: 'Save pricing' }));
    await findToast('Settings saved');
    expect(api.calls('PUT', '/admin/settings')[0]?.body).toEqual({
      pricing: { defaultPerCreditPrice: 72.5 },
    });
    expect(price).toHaveProperty('value', '72.50');
  });

  it("puts the server's field errors under their fields", async () => {
    const { api, view } = await openSettings();
    api.on(
      'PUT',
      '/admin/settings',
      fail(400, 'Invalid settings', {
        code: 'validation_failed',
        errors: [{ path: 'support.supportEmail', message: 'That domain does not take mail' }],
      }),
    );
    await view.user.click(within(section('Support')).getByRole('button', { name: 'Save support' }));
    expect(await findToast('Invalid settings')).toBeTruthy();
    const email = within(section('Support')).getByRole('textbox', { name: 'Support e-mail' });
    expect(within(section('Support')).getByText('That domain does not take mail')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('says Saving... and locks the button while the server answers', async () => {
    const { api, view } = await openSettings();
    const reply = deferred();
    api.on('PUT', '/admin/settings', () => reply.promise);
    await view.user.click(within(section('Support')).getByRole('button', { name: 'Save support' }));
    const saving = await within(section('Support')).findByRole('button', { name: 'Saving...' });
    expect(saving).toHaveProperty('disabled', true);
    reply.resolve(ok({ settings: settings(), history: [] }, { message: 'Settings saved' }));
    expect(await within(section('Support')).findByRole('button', { name: 'Save support' })).toBeTruthy();
  });

  it('lists recent changes with who made them', async () => {
    await openSettings([
      auditEntry({
        action: 'settings.update',
        targetType: 'settings',
        targetId: 'settings',
        actor: { _id: 'a1', firstName: 'Ada', lastName: 'Admin', email: 'ada@x.com' },
        before: { pricing: { defaultPerCreditPrice: 55 } },
        after: { pricing: { defaultPerCreditPrice: 60 } },
      }),
    ]);
    const history = screen.getByTestId('settings-history');
    expect(within(history).getByText('Pricing')).toBeTruthy();
    expect(history.textContent).toContain('Ada Admin');
  });

  it('offline, keeps the values on screen and every Save off', async () => {
    const { view } = await openSettings();
    act(() => setOnline(false));
    expect(await screen.findByText('Offline: showing the last loaded data')).toBeTruthy();
    for (const name of ['Seller', 'Pricing', 'Support', 'Working hours']) {
      const save = within(section(name)).getByRole('button', { name: `Save ${name.toLowerCase()}` });
      expect(save).toHaveProperty('disabled', true);
    }
    expect(within(section('Seller')).getByRole('textbox', { name: 'Company name' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(view.queryClient.isMutating()).toBe(0);
  });

  it('shows a failed load with a way to try again', async () => {
    const api = mockApi();
    api.on('GET', '/admin/settings', fail(500, 'Settings store unavailable'));
    api.on('GET', '/notifications/public-key', ok({ publicKey: null }));
    api.on(
      'GET',
      '/notifications/preferences',
      ok({ ticketStatus: true, supportReplies: true, newTickets: true, customerMessages: true }),
    );
    const view = renderWithProviders(<SettingsPage />);
    expect(await screen.findByText('The settings could not be loaded.')).toBeTruthy();
    settingsServer(api);
    await view.user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Seller' })).toBeTruthy();
  });
});

describe('the working hours', () => {
  const hours = () => section('Working hours');

  it('refuses a closing time before the opening time, on the field', async () => {
    const { api, view } = await openSettings();
    const closes = within(hours()).getByLabelText('Closes on Tuesday');
    await view.user.clear(closes);
    await view.user.type(closes, '08:00');
    await view.user.click(within(hours()).getByRole('button', { name: 'Save working hours' }));

    expect(within(hours()).getByText('Closing time must be after opening time')).toBeTruthy();
    expect(closes.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('PUT', '/admin/settings')).toHaveLength(0);
  });

  it('refuses the same holiday twice', async () => {
    const { api, view } = await openSettings();
    await view.user.click(within(hours()).getByRole('button', { name: 'Add holiday' }));
    const date = await within(hours()).findByLabelText('Date of holiday 2');
    await view.user.type(date, '2025-12-25');
    await view.user.click(within(hours()).getByRole('button', { name: 'Save working hours' }));
    expect(within(hours()).getByText('2025-12-25 is already a holiday')).toBeTruthy();
    expect(api.calls('PUT', '/admin/settings')).toHaveLength(0);
  });

  it('closes a day, adds a second interval, drops a holiday, and saves the week', async () => {
    const { api, view } = await openSettings();
    await view.user.click(within(hours()).getByRole('checkbox', { name: 'Closed on Friday' }));
    expect(within(hours()).queryByLabelText('Opens on Friday')).toBeNull();
    await view.user.click(within(hours()).getByRole('button', { name: 'Add interval on Monday' }));
    expect(within(hours()).getByLabelText('Opens on Monday (second interval)')).toHaveProperty(
      'value',
      '18:00',
    );
    await view.user.click(within(hours()).getByRole('button', { name: 'Remove holiday 2025-12-25' }));
    expect(within(hours()).getByText('No holidays.')).toBeTruthy();
    await view.user.click(within(hours()).getByRole('button', { name: 'Save working hours' }));

    expect(await findToast('Settings saved')).toBeTruthy();
    const sent = api.calls('PUT', '/admin/settings')[0]?.body as { hours: AdminSettings['hours'] };
    expect(sent.hours.holidays).toEqual([]);
    expect(sent.hours.week.filter((w) => w.day === 5)).toEqual([]);
    expect(sent.hours.week.filter((w) => w.day === 1)).toEqual([
      { day: 1, open: '09:00', close: '17:30' },
      { day: 1, open: '18:00', close: '20:00' },
    ]);
  });

  it('refuses overlapping intervals on one day', async () => {
    const { api, view } = await openSettings();
    await view.user.click(within(hours()).getByRole('button', { name: 'Add interval on Wednesday' }));
    const opens = within(hours()).getByLabelText('Opens on Wednesday (second interval)');
    await view.user.clear(opens);
    await view.user.type(opens, '12:00');
    await view.user.click(within(hours()).getByRole('button', { name: 'Save working hours' }));
    expect(within(hours()).getByText('Opening hours overlap on Wednesday')).toBeTruthy();
    expect(api.calls('PUT', '/admin/settings')).toHaveLength(0);
  });
});
