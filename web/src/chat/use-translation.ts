import type { ChatTranslateInput, ChatTranslation } from '@ecu/shared/chat/translate';
import { isLocale } from '@ecu/shared/i18n/locales';
import { liveQuery, type Subscription } from 'dexie';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { fetchPublicConfig, type PublicConfig } from '../app/public-config';
import { apiRequest } from '../local/api-client';
import { localDb } from '../local/db';

/*
 * Chat translation (docs/decisions/095-chat-translation.md): whether the server has a provider
 * (GET /public-config, one live read shared by every message), and one message's translation.
 */

let translationOn = false;
const listeners = new Set<() => void>();
let subscription: Subscription | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!subscription) {
    fetchPublicConfig();
    subscription = liveQuery(() => localDb.meta.get('publicConfig')).subscribe({
      next: (row) => {
        const on = (row?.value as PublicConfig | undefined)?.chatTranslation === true;
        if (on === translationOn) return;
        translationOn = on;
        for (const l of listeners) l();
      },
      error: () => {},
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      subscription?.unsubscribe();
      subscription = undefined;
    }
  };
}

/** True when the server translates chat messages; false (nothing shown) otherwise. */
export function useChatTranslationOn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => translationOn,
    () => false,
  );
}

/** Translations fetched in this page load: a message scrolled away and back is not asked again. */
const fetched = new Map<string, string>();
const FETCHED_MAX = 200;

export type TranslationState =
  | { status: 'original' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'translated'; text: string };

/**
 * One message's translation: `translate()` shows it (asking the server the first time),
 * `showOriginal()` goes back to the text as written.
 */
export function useTranslation(ticketNumber: number, text: string, locale: string) {
  const key = `${locale}\n${text}`;
  const [state, setState] = useState<TranslationState>({ status: 'original' });
  const translate = useCallback(async () => {
    const known = fetched.get(key);
    if (known !== undefined) {
      setState({ status: 'translated', text: known });
      return;
    }
    setState({ status: 'loading' });
    const body: ChatTranslateInput = { ticketNumber, text, ...(isLocale(locale) ? { target: locale } : {}) };
    try {
      const { data } = await apiRequest<ChatTranslation>('POST', '/chat/translate', body);
      if (fetched.size >= FETCHED_MAX) fetched.delete(fetched.keys().next().value as string);
      fetched.set(key, data.text);
      setState({ status: 'translated', text: data.text });
    } catch {
      setState({ status: 'failed' });
    }
  }, [key, ticketNumber, text, locale]);
  const showOriginal = useCallback(() => setState({ status: 'original' }), []);
  return { state, translate, showOriginal };
}

/** For tests: forget the translations of this page load. */
export function forgetTranslations(): void {
  fetched.clear();
}
