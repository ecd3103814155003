import type { ChatAttachment } from '@ecu/shared/chat/message';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ATTACH_LIMIT, type RunningUpload, roomForFiles, uploadChatFile } from './attachments';

export interface PickedFile {
  key: string;
  name: string;
  size: number;
  sent: number;
  status: 'uploading' | 'done' | 'failed';
  attachment?: ChatAttachment;
  error?: string;
}

let nextKey = 0;

/**
 * The files attached to the message being written: each starts uploading when picked (so
 * they are usually done by the time the text is), and can be removed (the upload stops).
 * `problems` gets what was refused (too many, empty files).
 */
export function useAttachments(problems: (text: string) => void) {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const running = useRef(new Map<string, RunningUpload>());

  useEffect(() => {
    const uploads = running.current;
    return () => {
      for (const upload of uploads.values()) upload.abort();
      uploads.clear();
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<PickedFile>) => {
    setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f)));
  }, []);

  const add = useCallback(
    (picked: File[]) => {
      const empty = picked.filter((f) => f.size === 0);
      for (const f of empty) {
        const name = f.name;
        problems(i18n._(msg`${name} is empty.`));
      }
      const usable = picked.filter((f) => f.size > 0);
      const { take, refused } = roomForFiles(files.length, usable.length);
      if (refused > 0) problems(i18n._(ATTACH_LIMIT));
      const taken = usable.slice(0, take).map((file) => {
        const key = `file-${++nextKey}`;
        const upload = uploadChatFile(file, (sent) => patch(key, { sent }));
        running.current.set(key, upload);
        upload.done.then(
          (attachment) => patch(key, { status: 'done', sent: file.size, attachment }),
          (err: Error) => patch(key, { status: 'failed', error: err.message }),
        );
        upload.done.finally(() => running.current.delete(key)).catch(() => undefined);
        return { key, name: file.name, size: file.size, sent: 0, status: 'uploading' as const };
      });
      if (taken.length > 0) setFiles((all) => [...all, ...taken]);
    },
    [files.length, patch, problems],
  );

  const remove = useCallback((key: string) => {
    running.current.get(key)?.abort();
    running.current.delete(key);
    setFiles((all) => all.filter((f) => f.key !== key));
  }, []);

  const clear = useCallback(() => setFiles([]), []);

  const ready = files.every((f) => f.status === 'done');
  const attachments = files.flatMap((f) => (f.attachment ? [f.attachment] : []));
  return { files, add, remove, clear, ready, attachments };
}
