// @vitest-environment happy-dom
import type { TicketDto } from '@ecu/shared';
import { describe, expect, it, vi } from 'vitest';
import { ticketDto } from '../test/admin-fixtures';
import { fail, mockApi, ok } from '../test/api-mock';
import { findToast, renderWithProviders } from '../test/render';
import { act, screen, waitFor } from '../test/rtl';
import { TunedFileUpload } from './tuned-upload';

/**
 * tus-js-client talks XMLHttpRequest to the upload server, which happy-dom cannot answer; this
 * stand-in plays the server's side of one upload (progress, success with the upload's URL, or a
 * refusal) so that the card's own steps run: checks, progress, attach, toasts.
 */
const tus = vi.hoisted(() => {
  class DetailedError extends Error {
    constructor(
      message: string,
      readonly originalResponse: { getStatus: () => number; getBody: () => string } | null = null,
    ) {
      super(message);
    }
  }
  interface Options {
    metadata: Record<string, string>;
    onProgress: (sent: number, total: number) => void;
    onError: (err: Error) => void;
    onSuccess: () => void;
  }
  const uploads: FakeUpload[] = [];
  class FakeUpload {
    url: string | null = null;
    started = false;
    aborted: boolean | undefined;
    constructor(
      readonly file: File,
      readonly options: Options,
    ) {
      uploads.push(this);
    }
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    resumeFromPreviousUpload() {}
    start() {
      this.started = true;
    }
    abort(terminate?: boolean) {
      this.aborted = Boolean(terminate);
      return Promise.resolve();
    }
    progress(sent: number) {
      this.options.onProgress(sent, this.file.size);
    }
    finish(id: string) {
      this.url = `http://localhost/api/uploads/${id}`;
      this.options.onSuccess();
    }
    refuse(status: number, body: string) {
      this.options.onError(new DetailedError('refused', { getStatus: () => status, getBody: () => body }));
    }
  }
  return { uploads, Upload: FakeUpload, DetailedError };
});
vi.mock('tus-js-client', () => ({ Upload: tus.Upload, DetailedError: tus.DetailedError }));

function setUp(online = true) {
  tus.uploads.length = 0;
  const api = mockApi();
  const uploaded: TicketDto[] = [];
  const view = renderWithProviders(
    <TunedFileUpload ticketNumber={100700} online={online} onUploaded={(t) => uploaded.push(t)} />,
  );
  return { api, view, uploaded };
}

const fileInput = () => screen.getByLabelText('Choose a tuned file') as HTMLInputElement;

function binFile(name: string, size: number): File {
  const file = new File(['x'.repeat(Math.min(size, 16))], name, { type: 'application/octet-stream' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function started() {
  await waitFor(() => expect(tus.uploads[0]?.started).toBe(true));
  const upload = tus.uploads[0];
  if (!upload) throw new Error('no upload');
  return upload;
}

describe('the tuned file upload', () => {
  it('asks for a file before anything is sent', async () => {
    const { view } = setUp();
    await view.user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await findToast('Please select a tuned file')).toBeTruthy();
    expect(document.activeElement).toBe(fileInput());
    expect(tus.uploads).toHaveLength(0);
  });

  it.each([
    ['an empty file', 0, 'The file is empty.'],
    ['a file over 20 MB', 20 * 1024 * 1024 + 1, 'File size should be less than 20.00 MB.'],
  ])('refuses %s', async (_, size, message) => {
    const { view } = setUp();
    await view.user.upload(fileInput(), binFile('tuned.bin', size));
    await view.user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await findToast(message)).toBeTruthy();
    expect(tus.uploads).toHaveLength(0);
  });

  it('uploads with progress, attaches the upload to the ticket and resets', async () => {
    const { api, view, uploaded } = setUp();
    const attached = ticketDto({ ticketNumber: 100700 });
    api.on('PUT', '/admin/uploadTunedFile', ok(attached, { message: 'Tuned file uploaded successfully' }));
    await view.user.upload(fileInput(), binFile('stage1.bin', 2 * 1024 * 1024));
    expect(screen.getByText('stage1.bin · 2.00 MB')).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Upload' }));

    const upload = await started();
    expect(upload.options.metadata).toEqual({
      filename: 'stage1.bin',
      filetype: 'application/octet-stream',
      purpose: 'tuned',
    });
    act(() => upload.progress(1024 * 1024));
    expect(screen.getByRole('progressbar', { name: 'Tuned file upload' }).getAttribute('aria-valuenow')).toBe(
      '50',
    );
    expect(fileInput()).toHaveProperty('disabled', true);

    act(() => upload.finish('up-42'));
    expect(await findToast('Tuned file uploaded successfully')).toBeTruthy();
    expect(api.calls('PUT', '/admin/uploadTunedFile')[0]?.body).toEqual({
      ticketNumber: 100700,
      tunedFileUploadId: 'up-42',
    });
    expect(uploaded).toEqual([attached]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(fileInput().value).toBe('');
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', false);
  });

  it('cancels a running upload and drops its partial file on the server', async () => {
    const { api, view } = setUp();
    await view.user.upload(fileInput(), binFile('big.bin', 4096));
    await view.user.click(screen.getByRole('button', { name: 'Upload' }));
    const upload = await started();

    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await findToast('Upload cancelled')).toBeTruthy();
    expect(upload.aborted).toBe(true);
    expect(api.calls()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it("shows the upload server's plain-text refusal", async () => {
    const { view } = setUp();
    await view.user.upload(fileInput(), binFile('t.bin', 4096));
    await view.user.click(screen.getByRole('button', { name: 'Upload' }));
    const upload = await started();
    act(() => upload.refuse(413, 'File size should be less than 20.00 MB.'));
    expect(await findToast('File size should be less than 20.00 MB.')).toBeTruthy();
  });

  it("shows the API's refusal to attach the file", async () => {
    const { api, view, uploaded } = setUp();
    api.on('PUT', '/admin/uploadTunedFile', fail(400, 'The upload has not finished yet'));
    await view.user.upload(fileInput(), binFile('t.bin', 4096));
    await view.user.click(screen.getByRole('button', { name: 'Upload' }));
    const upload = await started();
    act(() => upload.finish('up-1'));
    expect(await findToast('The upload has not finished yet')).toBeTruthy();
    expect(uploaded).toEqual([]);
  });

  it('is off offline, and says nothing is queued', () => {
    setUp(false);
    expect(fileInput()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Uploads need a connection; nothing is queued while offline.')).toBeTruthy();
  });
});
