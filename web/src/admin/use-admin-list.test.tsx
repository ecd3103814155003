// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { apiRequest } from '../local/api-client';
import { deferred, fail, mockApi, ok, setOnline } from '../test/api-mock';
import { findToast, renderWithProviders, toastTexts } from '../test/render';
import { act, screen, waitFor } from '../test/rtl';
import { SearchField } from './list-parts';
import { useAdminCommand } from './use-admin-command';

const OFFLINE_ACTION_TEXT = 'Changes are disabled until the connection is back; nothing is queued.';

import { useAdminList } from './use-admin-list';

interface Row {
  id: string;
  name: string;
}

/** A bare list over GET /things: what the hook hands a screen, printed. */
function Things() {
  const list = useAdminList<Row>({
    name: 'things',
    queryKey: (q) => ['admin', 'things', q],
    fetchPage: (query, signal) => {
      const params = new URLSearchParams();
      if (query.cursor) params.set('cursor', query.cursor);
      if (query.q) params.set('q', query.q);
      params.set('limit', String(query.limit));
      return apiRequest<Row[]>('GET', `/things?${params}`, undefined, { signal });
    },
    idOf: (row) => row.id,
    matches: (row, q) => row.name.includes(q),
    loadError: 'Failed to load things',
    pageSize: 2,
  });
  return (
    <div>
      <SearchField label="Search things" placeholder="" value={list.q} onChange={list.setQ} />
      <p data-testid="status">{list.status}</p>
      <p data-testid="flags">
        {[
          list.refreshing && 'refreshing',
          list.searching && 'searching',
          list.hasMore && 'more',
          list.stale && 'stale',
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
      <ul>
        {list.rows.map((r) => (
          <li key={r.id}>{r.name}</li>
        ))}
      </ul>
      <button type="button" onClick={list.loadMore}>
        More
      </button>
      <button type="button" onClick={list.retry}>
        Retry
      </button>
    </div>
  );
}

const names = () => screen.queryAllByRole('listitem').map((li) => li.textContent);
const status = () => screen.getByTestId('status').textContent;
const flags = () => screen.getByTestId('flags').textContent;

describe('useAdminList', () => {
  it('asks with the page size, and drops a row the next page repeats', async () => {
    const api = mockApi();
    api.on('GET', '/things', ({ query }) =>
      query.get('cursor') === 'b'
        ? ok(
            [
              { id: 'b', name: 'bolt' },
              { id: 'c', name: 'cog' },
            ],
            { nextCursor: null },
          )
        : ok(
            [
              { id: 'a', name: 'axle' },
              { id: 'b', name: 'bolt' },
            ],
            { nextCursor: 'b' },
          ),
    );
    const { user } = renderWithProviders(<Things />);
    expect(status()).toBe('loading');
    await waitFor(() => expect(names()).toEqual(['axle', 'bolt']));
    expect(api.calls('GET', '/things')[0]?.query.get('limit')).toBe('2');
    expect(flags()).toBe('more');

    await user.click(screen.getByRole('button', { name: 'More' }));
    await waitFor(() => expect(names()).toEqual(['axle', 'bolt', 'cog']));
    expect(flags()).toBe('');
  });

  it('asks the server once after typing pauses, keeping the old rows meanwhile', async () => {
    const api = mockApi();
    const searched = deferred();
    api.on('GET', '/things', ({ query }) =>
      query.get('q') ? searched.promise : ok([{ id: 'a', name: 'axle' }], { nextCursor: null }),
    );
    const { user } = renderWithProviders(<Things />);
    await waitFor(() => expect(names()).toEqual(['axle']));

    await user.type(screen.getByRole('searchbox', { name: 'Search things' }), 'cog');
    await waitFor(() => expect(flags()).toContain('searching'));
    expect(names()).toEqual(['axle']);
    // The flag shows once the query starts; its request leaves a few promise turns later.
    await waitFor(() =>
      expect(api.calls('GET', '/things').map((c) => c.query.get('q'))).toEqual([null, 'cog']),
    );

    searched.resolve(ok([{ id: 'c', name: 'cog' }], { nextCursor: null }));
    await waitFor(() => expect(names()).toEqual(['cog']));
    expect(flags()).toBe('');
  });

  it('keeps one toast for a repeated failure, and recovers on retry', async () => {
    const api = mockApi();
    api.on('GET', '/things', fail(500, 'Thing store down'));
    const { user } = renderWithProviders(<Things />);
    expect(await findToast('Thing store down')).toBeTruthy();
    expect(status()).toBe('error');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.calls('GET', '/things')).toHaveLength(2));
    await waitFor(() => expect(toastTexts().filter((t) => t.includes('Thing store down'))).toHaveLength(1));

    api.on('GET', '/things', ok([{ id: 'a', name: 'axle' }], { nextCursor: null }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(status()).toBe('ready'));
    expect(names()).toEqual(['axle']);
  });

  it("says the network failed when there is no answer at all, in the screen's words", async () => {
    const api = mockApi();
    api.on('GET', '/things', () => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<Things />);
    expect(await findToast('Failed to load things. You are offline.')).toBeTruthy();
  });

  it('offline, marks the rows as a stale copy and loads no more', async () => {
    const api = mockApi();
    api.on('GET', '/things', ok([{ id: 'a', name: 'axle' }], { nextCursor: 'a' }));
    const { user } = renderWithProviders(<Things />);
    await waitFor(() => expect(names()).toEqual(['axle']));
    act(() => setOnline(false));
    await waitFor(() => expect(flags()).toContain('stale'));

    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(api.calls('GET', '/things')).toHaveLength(1);
  });
});

function Command() {
  const command = useAdminCommand({
    send: (name: string) => apiRequest<null>('POST', '/things', { name }),
    failure: 'Failed to add the thing',
    success: 'Thing added',
  });
  return (
    <button type="button" disabled={command.pending} onClick={() => void command.run('cog')}>
      {command.locked ? 'Add (offline)' : 'Add'}
    </button>
  );
}

describe('useAdminCommand', () => {
  it("toasts the server's message on success, else its own", async () => {
    const api = mockApi();
    api.on('POST', '/things', ok(null, { message: '' }));
    const { user } = renderWithProviders(<Command />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await findToast('Thing added')).toBeTruthy();
    expect(api.calls('POST', '/things')[0]?.body).toEqual({ name: 'cog' });
  });

  it('uses its own failure text when the answer is not ours', async () => {
    const api = mockApi();
    api.on('POST', '/things', new Response('Bad Gateway', { status: 502 }));
    const { user } = renderWithProviders(<Command />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await findToast('Failed to add the thing')).toBeTruthy();
  });

  it('offline, refuses at once and sends nothing', async () => {
    setOnline(false);
    const api = mockApi();
    const { user } = renderWithProviders(<Command />);
    await user.click(screen.getByRole('button', { name: 'Add (offline)' }));
    expect(await findToast(OFFLINE_ACTION_TEXT)).toBeTruthy();
    expect(api.calls()).toHaveLength(0);
  });
});
