// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { screen, within } from '../../test/rtl';
import { WizardHeader } from './wizard-header';

function renderHeader(step: 1 | 2 | 3) {
  return renderWithProviders(
    <WizardHeader
      step={step}
      crumbs={[{ label: 'My Files', to: '/my-files' }, { label: 'Upload File' }]}
      title="Upload File"
      subtitle="Tell us about the vehicle"
    />,
    { route: '/upload', routes: { '/my-files': <p>My Files list</p> } },
  );
}

const steps = () => within(screen.getByRole('list', { name: 'Upload steps' })).getAllByRole('listitem');

describe('the wizard header', () => {
  it('shows the title, subtitle and a breadcrumb whose last crumb is the current page', () => {
    renderHeader(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Upload File' })).toBeTruthy();
    expect(screen.getByText('Tell us about the vehicle')).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((c) => c.textContent)).toEqual(['My Files', 'Upload File']);
    expect(crumbs[0]?.getAttribute('aria-current')).toBeNull();
    expect(crumbs[1]?.getAttribute('aria-current')).toBe('page');
    expect(within(crumbs[1]!).queryByRole('link')).toBeNull();
  });

  it('goes back along a breadcrumb link', async () => {
    const view = renderHeader(2);
    await view.user.click(screen.getByRole('link', { name: 'My Files' }));
    expect(view.location()).toBe('/my-files');
    expect(screen.getByText('My Files list')).toBeTruthy();
  });

  it.each([
    [1, ['Step 1Vehicle Details', 'Step 2Modification Plan', 'Step 3Overview'], 0],
    [2, ['Step 1Vehicle Details (completed)', 'Step 2Modification Plan', 'Step 3Overview'], 1],
    [3, ['Step 1Vehicle Details (completed)', 'Step 2Modification Plan (completed)', 'Step 3Overview'], 2],
  ] as const)(
    'on step %i marks the earlier steps completed and the step as current',
    (step, texts, current) => {
      renderHeader(step);
      const items = steps();
      expect(items.map((li) => li.textContent?.replace(/^\d/, ''))).toEqual(texts);
      expect(items.map((li) => li.getAttribute('aria-current'))).toEqual(
        items.map((_, i) => (i === current ? 'step' : null)),
      );
    },
  );
});
