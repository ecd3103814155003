import { CHAT_ATTACHMENTS_MAX, CHAT_TEXT_MAX, chatAttachmentSchema } from '@ecu/shared/chat/message';
import { DetailedError } from 'tus-js-client';
import { describe, expect, it, vi } from 'vitest';
import {
  type CreateUpload,
  roomForFiles,
  textWithFiles,
  uploadChatFile,
  uploadErrorText,
} from './attachments';

describe('chat attachments', () => {
  it('takes files up to the limit per message', () => {
    expect(roomForFiles(0, 2)).toEqual({ take: 2, refused: 0 });
    expect(roomForFiles(CHAT_ATTACHMENTS_MAX - 1, 3)).toEqual({ take: 1, refused: 2 });
    expect(roomForFiles(CHAT_ATTACHMENTS_MAX, 1)).toEqual({ take: 0, refused: 1 });
  });

  it('sends the typed text, else the file names, within the text limit', () => {
    expect(textWithFiles('see the log', ['a.txt'])).toBe('see the log');
    expect(textWithFiles(null, ['a.txt', 'dash.jpg'])).toBe('a.txt, dash.jpg');
    expect(textWithFiles(null, [])).toBeNull();
    const long = textWithFiles(
      null,
      Array.from({ length: 20 }, () => 'x'.repeat(200)),
    );
    expect(long).toHaveLength(CHAT_TEXT_MAX);
    expect(long?.endsWith('…')).toBe(true);
  });

  it("shows the server's plain-text refusal, or says the connection was lost", () => {
    const answer = (status: number, body: string) => ({
      getStatus: () => status,
      getHeader: () => undefined,
      getBody: () => body,
      getUnderlyingObject: () => null,
    });
    const failure = (response: ReturnType<typeof answer> | null) =>
      Object.assign(new DetailedError('x'), { originalResponse: response });
    expect(uploadErrorText(failure(answer(413, 'The file is too large\n')))).toBe('The file is too large');
    expect(uploadErrorText(failure(answer(500, '{"success":false}')))).toBe(
      'The file could not be uploaded.',
    );
    expect(uploadErrorText(failure(null))).toMatch(/connection was lost/);
    expect(uploadErrorText(new Error('boom'))).toBe('The file could not be uploaded.');
  });

  it("uploads as purpose 'chat' with the file name, reports progress and gives the attachment", async () => {
    let options: Parameters<CreateUpload>[1] | undefined;
    const fake = { url: null as string | null, start: vi.fn(), abort: vi.fn() };
    const file = new File(['0123456789'], 'dash photo.jpg');
    const progress = vi.fn();
    const running = uploadChatFile(file, progress, (_file, opts) => {
      options = opts;
      return fake;
    });
    expect(fake.start).toHaveBeenCalled();
    expect(options?.metadata).toEqual({ purpose: 'chat', filename: 'dash photo.jpg' });
    expect(options?.endpoint).toBe('/api/uploads');
    options?.onProgress?.(4, 10);
    expect(progress).toHaveBeenCalledWith(4);
    fake.url = 'http://localhost/api/uploads/Abcdefghijklmnop1234';
    options?.onSuccess?.({ lastResponse: {} as never });
    const attachment = await running.done;
    expect(attachment).toEqual({ id: 'Abcdefghijklmnop1234', name: 'dash photo.jpg', size: 10 });
    expect(chatAttachmentSchema.safeParse(attachment).success).toBe(true);
    running.abort();
    expect(fake.abort).toHaveBeenCalledWith(true);
  });

  it('fails with the readable reason', async () => {
    let options: Parameters<CreateUpload>[1] | undefined;
    const running = uploadChatFile(
      new File(['x'], 'a.bin'),
      () => {},
      (_file, opts) => {
        options = opts;
        return { url: null, start: () => {}, abort: () => {} };
      },
    );
    options?.onError?.(new Error('nope'));
    await expect(running.done).rejects.toThrow('The file could not be uploaded.');
  });
});
